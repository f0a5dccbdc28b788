// GET /api/core-ask/pending – what an agent may take now, highest priority then oldest first
import { listPendingTodos } from "@/lib/ask/list-todos";
import { listPendingQuery, todoListResponse } from "@/lib/ask/schemas";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "operator",
    scope: "ask",
    summary: "Pending todos with no live claim, highest priority first, then oldest first",
    query: listPendingQuery,
    response: todoListResponse,
  },
  async ({ query }) => ({ ok: true, ...(await listPendingTodos({ limit: query.limit })) }),
);
