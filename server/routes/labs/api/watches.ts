// GET, POST /labs/api/watches – prices the household waits for
import { route } from "@/lib/http/route";
import { camelize } from "@/lib/http/wire";
import { createWatch, listWatches } from "@/lib/watches/manage-watches";
import { createWatchBody, createWatchResponse, listWatchesQuery, listWatchesResponse } from "@/lib/watches/schemas";

export const GET = route(
  {
    auth: "public",
    summary: "The watches, newest first, optionally of one research item or product",
    query: listWatchesQuery,
    response: listWatchesResponse,
  },
  async ({ query }) => ({
    watches: await listWatches({ researchItemId: query.research_item_id, productCode: query.product_code }),
  }),
);

export const POST = route(
  {
    auth: "public",
    summary: "Watch a research item's or a product's price: at or under below, or drop_percent under the last",
    body: createWatchBody,
    status: 201,
    response: createWatchResponse,
  },
  async ({ body, origin }) => ({ id: await createWatch(camelize(body), origin) }),
);
