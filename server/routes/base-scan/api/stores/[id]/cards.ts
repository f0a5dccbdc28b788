// GET /base-scan/api/stores/[id]/cards – a store's active cards, paged; POST – add a card to it
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { camelize } from "@/lib/http/wire";
import { createCard, listCards } from "@/lib/scan/cards";
import { cardsPageQuery, createCardBody, createCardResponse, storeCardsResponse } from "@/lib/scan/schemas";
import { storeJson } from "@/lib/scan/shapes";
import { getStoreOrThrow } from "@/lib/scan/stores";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    summary: "A store and its active loyalty cards; paged",
    params: idParams,
    query: cardsPageQuery,
    response: storeCardsResponse,
  },
  async ({ params, query }) => {
    const store = await getStoreOrThrow({ id: params.id });
    const { cards, next } = await listCards({ storeId: store.id, limit: query.limit, cursor: query.cursor });
    return { store: storeJson(store), cards, next };
  },
);

export const POST = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Add a loyalty card to a store, creating the person by name if needed",
    params: idParams,
    body: createCardBody,
    response: createCardResponse,
  },
  async ({ params, body }) => ({
    card: await createCard({ storeId: params.id, ...camelize(body) }),
  }),
);
