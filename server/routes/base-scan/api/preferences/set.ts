// POST /base-scan/api/preferences/set – set one person's sentiment about a code
import { route } from "@/lib/http/route";
import { setPreference } from "@/lib/scan/preferences";
import { setPreferenceBody, setPreferenceResponse } from "@/lib/scan/schemas";

export const POST = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Set one person's sentiment about a product code (the person is created if new)",
    body: setPreferenceBody,
    response: setPreferenceResponse,
  },
  async ({ body }) => ({
    preference: await setPreference({ code: body.code, personName: body.person_name, sentiment: body.sentiment }),
  }),
);
