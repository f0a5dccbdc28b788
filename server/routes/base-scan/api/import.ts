// POST /base-scan/api/import – import loyalty cards from a Catima export or a wallet CSV (multipart `file`)
import { route } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { importCards } from "@/lib/scan/import-cards";
import { readImportRequest } from "@/lib/scan/read-import-request";
import { IMPORT_LIMITS, importCardsQuery, importCardsResponse } from "@/lib/scan/schemas";

export const POST = route(
  {
    auth: "public",
    scope: "scan",
    summary:
      "Import loyalty cards from a Catima export (.zip or .csv) or a wallet CSV, sent as multipart in the field file (optional field person: whose cards, where the file does not say); dry_run=1 answers the plan and writes nothing",
    rawBody: true,
    upload: {
      types: ["multipart/form-data"],
      description:
        "Field file: a Catima export (.zip or catima.csv) or a wallet CSV (store, number, format, label, person); optional field person",
      limit: `${IMPORT_LIMITS.fileBytes / 1024 / 1024} MiB (the file)`,
    },
    query: importCardsQuery,
    response: importCardsResponse,
  },
  async ({ request, query, origin }) => {
    const { file, person } = await readImportRequest(request);
    const locale = requestLocale(request);
    return importCards({ file, person, origin, dryRun: query.dry_run ?? false, locale });
  },
);
