// POST /base-scan/api/products/manual – add a product without a barcode (code MAN-<n>)
import { route } from "@/lib/http/route";
import { camelize } from "@/lib/http/wire";
import { createManualProduct } from "@/lib/scan/products";
import { createManualProductBody, createManualProductResponse } from "@/lib/scan/schemas";

export const POST = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Add a product without a barcode; it gets the code MAN-<n>",
    body: createManualProductBody,
    response: createManualProductResponse,
  },
  async ({ body }) => ({
    product: await createManualProduct(camelize(body)),
  }),
);
