// GET /base-scan/api/prices – latest price per store and product, paged; POST – record a price
import { route } from "@/lib/http/route";
import { camelize } from "@/lib/http/wire";
import { listPrices, recordPrice } from "@/lib/scan/prices";
import { createPriceBody, createPriceResponse, listPricesQuery, listPricesResponse } from "@/lib/scan/schemas";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    accountScope: "products:read",
    summary: "Latest price per store and product, cheapest first, likely typos flagged; history on request; paged",
    query: listPricesQuery,
    response: listPricesResponse,
  },
  async ({ query }) =>
    listPrices({
      code: query.code,
      storeId: query.store_id,
      history: query.history,
      limit: query.limit,
      cursor: query.cursor,
      historyCursor: query.history_cursor,
    }),
);

export const POST = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Record a price (European formats like 1,29 or 1.234,56 accepted)",
    body: createPriceBody,
    response: createPriceResponse,
  },
  async ({ body, origin }) => ({
    price: await recordPrice(camelize(body), origin),
  }),
);
