// POST /api/core-ask/[id]/claim – take a lease on a todo ({ agent?, ttl_seconds? = 900 })
import { defaultAgent } from "@/lib/ask/caller";
import { claimTodo } from "@/lib/ask/claim-todo";
import { claimTodoBody, claimTodoResponse } from "@/lib/ask/schemas";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";

export const POST = route(
  {
    auth: "operator",
    scope: "ask",
    summary: "Claim a todo: one winner among concurrent callers; 409 names the holder and expiry",
    params: idParams,
    body: claimTodoBody,
    response: claimTodoResponse,
  },
  async ({ params, body, caller }) => {
    const result = await claimTodo({
      id: params.id,
      agent: body.agent ?? defaultAgent(caller),
      ttlSeconds: body.ttl_seconds,
      renew: body.agent !== undefined,
    });
    return {
      claimed_by: result.claimedBy,
      lock_expires_at: result.lockExpiresAt.toISOString(),
      todo: result.todo,
    };
  },
);
