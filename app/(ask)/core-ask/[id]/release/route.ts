// POST /core-ask/[id]/release – form post of the queue page: release, then 303 back
import { releaseTodo } from "@/lib/ask/claim-todo";
import { queueFormRoute, queueNotice } from "@/lib/ask/form-routes";
import { releaseTodoBody } from "@/lib/ask/schemas";

export const POST = queueFormRoute(
  { summary: "Release a todo from the queue page", body: releaseTodoBody },
  async ({ params, body }) => {
    await releaseTodo({ id: params.id, agent: body.agent });
    return queueNotice({ key: "released", id: params.id });
  },
);
