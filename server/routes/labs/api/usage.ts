// GET /labs/api/usage – the usage log of API keys, and of actions on accounts and plans, newest first
import { listApiUsage } from "@/lib/auth/api-usage";
import { route } from "@/lib/http/route";
import { listUsageQuery, listUsageResponse } from "@/lib/labs/schemas";

export const GET = route(
  {
    auth: "operator",
    summary:
      "Requests made with API keys, and actions on accounts and plans taken with a session (key or actor, method, path, status, time), newest first",
    query: listUsageQuery,
    response: listUsageResponse,
  },
  async ({ query }) => ({ usage: await listApiUsage({ keyId: query.key_id, actor: query.actor, limit: query.limit }) }),
);
