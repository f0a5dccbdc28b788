// GET /base-scan/api/products/[code]/enrich – product data from Open Food Facts (cached)
import { acceptedLanguages } from "@/lib/http/accept-language";
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
  async ({ request, params, query, origin }) => {
    // A stranger spends its own share of the household's OFF budget; the
    // household (operator, keys, paired phones, this machine) only the whole.
    const client = origin.kind === "anonymous" ? origin.client : null;
    const languages = acceptedLanguages(request.headers.get("accept-language"));
    return enrichProduct({ code: params.code, refresh: query.refresh, client, languages });
  },
);
