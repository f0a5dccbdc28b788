import type { z } from "zod";
import { formRoute } from "@/lib/http/form-route";
import { idParams } from "@/lib/http/ids";

// Shared shape of the queue's form posts under /core-ask/[id]/… : operator
// only, back to the todo on the queue page unless the form says where.
export function queueFormRoute<B extends z.ZodType>(
  spec: { summary: string; body?: B },
  handler: Parameters<typeof formRoute<typeof idParams, B>>[1],
) {
  return formRoute(
    {
      auth: "operator",
      scope: "ask",
      summary: spec.summary,
      params: idParams,
      body: spec.body,
      home: "/base-ask/queue",
      back: (params) => `/base-ask/queue#todo-${params.id}`,
    },
    handler,
  );
}
