// GET /api/core-ask/attachments/[id] – an attachment's bytes, for the operator only
import { attachmentResponse } from "@/lib/ask/attachments";
import { idParams } from "@/lib/http/ids";
import { route } from "@/lib/http/route";

// Not JSON: the stored file with its own content type (no `response` schema).
export const GET = route(
  {
    auth: "operator",
    summary: "Download an attachment (images inline, anything else as a download)",
    params: idParams,
  },
  ({ params }) => attachmentResponse({ id: params.id }),
);
