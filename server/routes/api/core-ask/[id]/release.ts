// POST /api/core-ask/[id]/release – free a claimed todo ({ agent? }); 409 when not claimed
import { releaseTodo } from "@/lib/ask/claim-todo";
import { releaseTodoBody, todoResponse } from "@/lib/ask/schemas";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";

export const POST = route(
  {
    auth: "operator",
    scope: "ask",
    summary: "Release a claimed todo; 409 when it is not claimed (or held by another agent)",
    params: idParams,
    body: releaseTodoBody,
    response: todoResponse,
  },
  async ({ params, body }) => ({ todo: await releaseTodo({ id: params.id, agent: body.agent }) }),
);
