// GET /api/openapi.json – the OpenAPI 3.1 document of every JSON route
import { route } from "@/lib/http/route";
import { openApiDocumentResponse } from "@/lib/platform/schemas";

export const GET = route(
  {
    auth: "public",
    summary: "This API's OpenAPI 3.1 document, built from the zod schemas of every JSON route",
    response: openApiDocumentResponse,
  },
  // The document's module reads the route table, which holds this route: it
  // is imported at the first request, once the table is whole (imported as
  // this module loads, it would be a circle). A document, not the envelope:
  // sent as it is, without the `ok: true` route() adds to plain objects.
  async () => {
    const { openApiDocument } = await import("@/lib/platform/openapi-document");
    return Response.json(openApiDocument());
  },
);
