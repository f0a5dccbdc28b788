// POST /api/core-ask/[id]/update – edit a todo and move its status
import { updateTodo } from "@/lib/ask/update-todo";
import { originLabel } from "@/lib/auth/origin";
import { todoResponse, updateTodoBody } from "@/lib/ask/schemas";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { camelize } from "@/lib/http/wire";

export const POST = route(
  {
    auth: "operator",
    scope: "ask",
    summary: "Edit text, priority, response, decision; move status (409 lists the allowed moves)",
    params: idParams,
    body: updateTodoBody,
    response: todoResponse,
  },
  async ({ params, body, origin }) => ({
    todo: await updateTodo({ id: params.id, input: camelize(body), origin: originLabel(origin) }),
  }),
);
