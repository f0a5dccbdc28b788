// GET /api/core-ask/[id] – one todo with its attachments' metadata, parent and follow-ups
import { getTodoDetailOrThrow } from "@/lib/ask/get-todo";
import { todoDetailResponse } from "@/lib/ask/schemas";
import { idParams } from "@/lib/http/ids";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "operator",
    scope: "ask",
    summary: "One todo with its attachments' metadata, its parent and its follow-ups",
    params: idParams,
    response: todoDetailResponse,
  },
  async ({ params }) => ({ ok: true, todo: await getTodoDetailOrThrow({ id: params.id }) }),
);
