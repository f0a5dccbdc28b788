// GET /base-scan/api/preferences/[code] – each person's sentiment about a code
import { route } from "@/lib/http/route";
import { listPreferences } from "@/lib/scan/preferences";
import { codeParams } from "@/lib/scan/schemas";

export const GET = route({ auth: "public", params: codeParams }, async ({ params }) => ({
  ok: true,
  code: params.code,
  preferences: await listPreferences({ code: params.code }),
}));
