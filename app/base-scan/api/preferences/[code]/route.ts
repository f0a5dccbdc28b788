// GET /base-scan/api/preferences/[code] – each person's sentiment about a code
import { route } from "@/lib/http/route";
import { listPreferences } from "@/lib/scan/preferences";
import { codeParams, listPreferencesResponse } from "@/lib/scan/schemas";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Each person's sentiment about a product code",
    params: codeParams,
    response: listPreferencesResponse,
  },
  async ({ params }) => ({
    ok: true,
    code: params.code,
    preferences: await listPreferences({ code: params.code }),
  }),
);
