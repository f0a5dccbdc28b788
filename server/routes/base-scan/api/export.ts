// GET /base-scan/api/export – the whole wallet as a Catima export (zip) or a wallet CSV
import { route } from "@/lib/http/route";
import { exportWallet } from "@/lib/scan/export-cards";
import { exportCardsQuery } from "@/lib/scan/schemas";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    summary:
      "Download every active card: format=catima (a zip Catima imports) or format=csv (store, number, format, label, person)",
    query: exportCardsQuery,
    file: true,
  },
  ({ query }) => exportWallet({ format: query.format }),
);
