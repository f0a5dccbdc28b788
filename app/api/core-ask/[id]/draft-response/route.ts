// POST /api/core-ask/[id]/draft-response – draft a reply (language model or template) and store it
import { draftTodoResponse } from "@/lib/ask/draft-response";
import { draftResponseResponse } from "@/lib/ask/schemas";
import { idParams } from "@/lib/http/ids";
import { route } from "@/lib/http/route";

export const POST = route(
  {
    auth: "operator",
    scope: "ask",
    summary: "Draft a reply with the configured language model (or the built-in template) and store it",
    params: idParams,
    response: draftResponseResponse,
  },
  async ({ params }) => ({ ok: true, ...(await draftTodoResponse({ id: params.id })) }),
);
