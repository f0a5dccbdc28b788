// GET /base-scan/api/preferences/[code] – each person's sentiment about a code, a page at a time
import { route } from "@/lib/http/route";
import { listPreferences } from "@/lib/scan/preferences";
import { codeParams, listPreferencesQuery, listPreferencesResponse } from "@/lib/scan/schemas";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Each person's sentiment about a product code: people with an opinion first, then by name; paged",
    params: codeParams,
    query: listPreferencesQuery,
    response: listPreferencesResponse,
  },
  async ({ params, query }) => ({
    code: params.code,
    ...(await listPreferences({ code: params.code, limit: query.limit, cursor: query.cursor })),
  }),
);
