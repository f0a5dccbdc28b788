// GET /api/core-ask/[id] – one todo with its attachments' metadata, parent and latest follow-ups
import { getTodoDetailOrThrow } from "@/lib/ask/get-todo";
import { getTodoQuery, todoDetailResponse } from "@/lib/ask/schemas";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "operator",
    scope: "ask",
    summary: "One todo with its attachments' metadata, its parent and its latest follow-ups",
    params: idParams,
    query: getTodoQuery,
    response: todoDetailResponse,
  },
  async ({ params, query }) => ({
    todo: await getTodoDetailOrThrow({
      id: params.id,
      followUpsLimit: query.follow_ups_limit,
      followUpsBefore: query.follow_ups_before,
    }),
  }),
);
