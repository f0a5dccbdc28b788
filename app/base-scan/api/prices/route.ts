// GET /base-scan/api/prices – latest price per store and product; POST – record a price
import { route } from "@/lib/http/route";
import { listPrices, recordPrice } from "@/lib/scan/prices";
import { createPriceBody, listPricesQuery } from "@/lib/scan/schemas";

export const GET = route({ auth: "public", query: listPricesQuery }, async ({ query }) => ({
  ok: true,
  ...(await listPrices({ code: query.code, storeId: query.store_id, history: query.history })),
}));

export const POST = route({ auth: "public", body: createPriceBody }, async ({ body }) => ({
  ok: true,
  price: await recordPrice(body),
}));
