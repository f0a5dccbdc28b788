// GET /api/core-ask/pending – what an agent may take now, highest priority then oldest first, a page at a time
import { listPendingTodos } from "@/lib/ask/list-todos";
import { listTodosQuery, todoListResponse } from "@/lib/ask/schemas";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "operator",
    scope: "ask",
    summary: "Pending todos with no live claim, highest priority first, then oldest first, a page at a time",
    query: listTodosQuery,
    response: todoListResponse,
  },
  async ({ query }) => listPendingTodos({ limit: query.limit, before: query.before }),
);
