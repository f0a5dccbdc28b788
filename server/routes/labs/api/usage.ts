// GET /labs/api/usage – the usage log of API keys, newest first
import { listApiUsage } from "@/lib/auth/api-usage";
import { route } from "@/lib/http/route";
import { listUsageQuery, listUsageResponse } from "@/lib/labs/schemas";

export const GET = route(
  {
    auth: "operator",
    summary: "Requests made with API keys (key, method, path, status, time), newest first",
    query: listUsageQuery,
    response: listUsageResponse,
  },
  async ({ query }) => ({ usage: await listApiUsage({ keyId: query.key_id, limit: query.limit }) }),
);
