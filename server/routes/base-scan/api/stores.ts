// GET /base-scan/api/stores – a page of stores by name; POST – find or create a store by name
import { route } from "@/lib/http/route";
import { createStoreBody, createStoreResponse, listStoresQuery, listStoresResponse } from "@/lib/scan/schemas";
import { createStore, listStores } from "@/lib/scan/stores";
import { camelize } from "@/lib/http/wire";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    summary: "List the stores by name, a page at a time (limit, cursor; next)",
    query: listStoresQuery,
    response: listStoresResponse,
  },
  async ({ query }) => listStores(query),
);

export const POST = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Find a store by name (case-insensitive) or create it",
    body: createStoreBody,
    response: createStoreResponse,
  },
  async ({ body }) => {
    const { store, created } = await createStore(camelize(body));
    return { store_id: store.id, name: store.name, country: store.country, tax_id: store.tax_id, created };
  },
);
