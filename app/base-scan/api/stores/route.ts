// GET /base-scan/api/stores – every store; POST – find or create a store by name
import { route } from "@/lib/http/route";
import { createStoreBody, createStoreResponse, listStoresResponse } from "@/lib/scan/schemas";
import { createStoreFromBody, listStores } from "@/lib/scan/stores";

export const GET = route(
  { auth: "public", scope: "scan", summary: "List every store", response: listStoresResponse },
  async () => ({
    ok: true,
    stores: await listStores(),
  }),
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
    const { store, created } = await createStoreFromBody(body);
    return { ok: true, store_id: store.id, name: store.name, country: store.country, tax_id: store.tax_id, created };
  },
);
