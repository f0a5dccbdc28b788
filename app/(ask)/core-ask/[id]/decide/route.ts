// POST /core-ask/[id]/decide – form post of the queue page: record the decision, back to pending
import { queueFormRoute, queueNotice } from "@/lib/ask/form-routes";
import { decideTodoBody } from "@/lib/ask/schemas";
import { decideTodo } from "@/lib/ask/update-todo";

export const POST = queueFormRoute(
  { summary: "Decide a needs_decision todo from the queue page", body: decideTodoBody },
  async ({ params, body }) => {
    await decideTodo({ id: params.id, decision: body.decision });
    return queueNotice({ key: "decided", id: params.id });
  },
);
