// POST /labs/signout – end this browser's account session
import { ACCOUNT_COOKIE, endAccountSession } from "@/lib/accounts/sessions";
import { isHttps } from "@/lib/http/client-address";
import { readCookie } from "@/lib/http/cookies";
import { readFormOrJson } from "@/lib/http/read-body";
import { htmlRoute } from "@/lib/http/route";

export const POST = htmlRoute({ auth: "anyone" }, async (request) => {
  // Nothing is taken from the body, but a malformed or oversized one is refused as on every write.
  await readFormOrJson(request);
  const headers = new Headers({ location: "/labs/signup" });
  headers.append("set-cookie", await endAccountSession(readCookie(request, ACCOUNT_COOKIE), isHttps(request)));
  return new Response(null, { status: 303, headers });
});
