// GET /base-scan/api/cards – active loyalty cards, optionally of one store, a page at a time
import { route } from "@/lib/http/route";
import { listCards } from "@/lib/scan/cards";
import { listCardsQuery, listCardsResponse } from "@/lib/scan/schemas";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    summary: "List the active loyalty cards with their store and person, optionally of one store; paged",
    query: listCardsQuery,
    response: listCardsResponse,
  },
  async ({ query }) => listCards({ storeId: query.store_id, limit: query.limit, cursor: query.cursor }),
);
