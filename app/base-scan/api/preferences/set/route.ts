// POST /base-scan/api/preferences/set – set one person's sentiment about a code
import { route } from "@/lib/http/route";
import { setPreference } from "@/lib/scan/preferences";
import { setPreferenceBody } from "@/lib/scan/schemas";

export const POST = route({ auth: "public", body: setPreferenceBody }, async ({ body }) => ({
  ok: true,
  preference: await setPreference({ code: body.code, personName: body.person_name, sentiment: body.sentiment }),
}));
