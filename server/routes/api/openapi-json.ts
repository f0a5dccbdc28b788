// GET /api/openapi.json – the OpenAPI 3.1 document of every JSON route
import { route } from "@/lib/http/route";
import { openApiDocument } from "@/lib/labs/openapi-document";
import { openApiDocumentResponse } from "@/lib/labs/schemas";

export const GET = route(
  {
    auth: "public",
    summary: "This API's OpenAPI 3.1 document, built from the zod schemas of every JSON route",
    response: openApiDocumentResponse,
  },
  // Called, never read as the module loads: the document's module reads the
  // route table, which holds this route. A document, not the envelope: sent
  // as it is, without the `ok: true` route() adds to plain objects.
  () => Response.json(openApiDocument()),
);
