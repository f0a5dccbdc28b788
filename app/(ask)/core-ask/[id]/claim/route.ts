// POST /core-ask/[id]/claim – form post of the queue page: claim, then 303 back
import { defaultAgent } from "@/lib/ask/caller";
import { claimTodo } from "@/lib/ask/claim-todo";
import { queueFormRoute, queueNotice } from "@/lib/ask/form-routes";
import { claimTodoBody } from "@/lib/ask/schemas";

export const POST = queueFormRoute(
  { summary: "Claim a todo from the queue page", body: claimTodoBody },
  async ({ params, body, caller }) => {
    await claimTodo({ id: params.id, agent: body.agent ?? defaultAgent(caller), ttlSeconds: body.ttl_seconds });
    // The holder is on the todo itself; the notice carries no name (lib/ask/form-routes.ts).
    return queueNotice({ key: "claimed", id: params.id });
  },
);
