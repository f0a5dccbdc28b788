// GET /base-scan/api/products/[code]/enrich – product data from Open Food Facts (cached)
import { clientAddress, isLocalRequest } from "@/lib/http/client-address";
import { route } from "@/lib/http/route";
import { enrichProduct } from "@/lib/scan/enrich-product";
import { enrichParams, enrichProductResponse, enrichQuery } from "@/lib/scan/schemas";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Fill a product from Open Food Facts; answers are cached, refresh=1 asks again",
    params: enrichParams,
    query: enrichQuery,
    response: enrichProductResponse,
  },
  async ({ params, query, request, caller }) => {
    // Whose share of the household's OFF budget this is: none for a key or
    // this machine itself (only the household's limit), else the client's address.
    const client = caller || isLocalRequest(request) ? null : clientAddress(request);
    return { ok: true, ...(await enrichProduct({ code: params.code, refresh: query.refresh, client })) };
  },
);
