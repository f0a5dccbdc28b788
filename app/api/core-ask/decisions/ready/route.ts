// GET /api/core-ask/decisions/ready – todos waiting for the operator's decision
import { listDecisionsReady } from "@/lib/ask/list-todos";
import { todoListResponse } from "@/lib/ask/schemas";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "operator",
    scope: "ask",
    summary: "Todos in needs_decision, waiting for the operator",
    response: todoListResponse,
  },
  async () => ({ ok: true, ...(await listDecisionsReady()) }),
);
