// GET /base-scan/api/cards – active loyalty cards, optionally of one store
import { route } from "@/lib/http/route";
import { listCards } from "@/lib/scan/cards";
import { listCardsQuery } from "@/lib/scan/schemas";

export const GET = route({ auth: "public", query: listCardsQuery }, async ({ query }) => ({
  ok: true,
  cards: await listCards({ storeId: query.store_id }),
}));
