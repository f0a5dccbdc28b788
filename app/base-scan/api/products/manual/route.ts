// POST /base-scan/api/products/manual – add a product without a barcode (code MAN-<n>)
import { route } from "@/lib/http/route";
import { createManualProduct } from "@/lib/scan/products";
import { createManualProductBody } from "@/lib/scan/schemas";

export const POST = route({ auth: "public", body: createManualProductBody }, async ({ body }) => ({
  ok: true,
  product: await createManualProduct(body),
}));
