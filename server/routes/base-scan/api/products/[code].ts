// GET /base-scan/api/products/[code] – one product by its code
import { route } from "@/lib/http/route";
import { getProductOrThrow } from "@/lib/scan/products";
import { codeParams, getProductResponse } from "@/lib/scan/schemas";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    accountScope: "products:read",
    summary: "One product by its code (barcode or MAN-<n>)",
    params: codeParams,
    response: getProductResponse,
  },
  async ({ params }) => ({ product: await getProductOrThrow({ code: params.code }) }),
);
