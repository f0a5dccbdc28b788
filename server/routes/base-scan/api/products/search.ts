// GET /base-scan/api/products/search?q= – products by name, brand or code
import { route } from "@/lib/http/route";
import { searchProducts } from "@/lib/scan/products";
import { searchProductsQuery, searchProductsResponse } from "@/lib/scan/schemas";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    accountScope: "products:read",
    summary: "Search products by name, brand or code, ignoring case and accents",
    query: searchProductsQuery,
    response: searchProductsResponse,
  },
  async ({ query }) => ({
    products: await searchProducts({ q: query.q }),
  }),
);
