// GET /base-scan/api/products/search?q= – products by name, brand or code
import { route } from "@/lib/http/route";
import { searchProducts } from "@/lib/scan/products";
import { searchProductsQuery } from "@/lib/scan/schemas";

export const GET = route({ auth: "public", query: searchProductsQuery }, async ({ query }) => ({
  ok: true,
  products: await searchProducts({ q: query.q }),
}));
