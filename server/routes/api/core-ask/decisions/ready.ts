// GET /api/core-ask/decisions/ready – todos waiting for the operator's decision, a page at a time
import { listDecisionsReady } from "@/lib/ask/list-todos";
import { listTodosQuery, todoListResponse } from "@/lib/ask/schemas";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "operator",
    scope: "ask",
    summary: "Todos in needs_decision, waiting for the operator, a page at a time",
    query: listTodosQuery,
    response: todoListResponse,
  },
  async ({ query }) => listDecisionsReady({ limit: query.limit, before: query.before }),
);
