// GET /base-scan/api/products/[code]/enrich – product data from Open Food Facts (cached)
import { route } from "@/lib/http/route";
import { enrichProduct } from "@/lib/scan/enrich-product";
import { enrichParams, enrichQuery } from "@/lib/scan/schemas";

export const GET = route({ auth: "public", params: enrichParams, query: enrichQuery }, async ({ params, query }) => ({
  ok: true,
  ...(await enrichProduct({ code: params.code, refresh: query.refresh })),
}));
