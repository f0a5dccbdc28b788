// GET /api/core-ask/attachments/[id] – an attachment's bytes, for the operator only
import { attachmentResponse } from "@/lib/ask/attachments";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "operator",
    scope: "ask",
    summary: "Download an attachment (images inline, anything else as a download)",
    params: idParams,
    file: true,
  },
  ({ params }) => attachmentResponse({ id: params.id }),
);
