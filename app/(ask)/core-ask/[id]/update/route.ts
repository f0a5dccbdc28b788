// POST /core-ask/[id]/update – form post of the queue page: edit or move, then 303 back
import { queueFormRoute, queueNotice } from "@/lib/ask/form-routes";
import { updateTodoForm } from "@/lib/ask/schemas";
import { updateTodo } from "@/lib/ask/update-todo";
import { camelize } from "@/lib/http/wire";

export const POST = queueFormRoute(
  { summary: "Edit a todo or move its status from the queue page", body: updateTodoForm },
  async ({ params, body }) => {
    const todo = await updateTodo({ id: params.id, input: camelize(body) });
    return queueNotice(
      body.status ? { key: "moved", id: params.id, status: todo.status } : { key: "saved", id: params.id },
    );
  },
);
