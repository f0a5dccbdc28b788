// POST /labs/signout – end this browser's account session
import { ACCOUNT_COOKIE, endAccountSession } from "@/lib/accounts/sessions";
import { isHttps } from "@/lib/http/client-address";
import { readCookie } from "@/lib/http/cookies";
import { htmlRoute } from "@/lib/http/route";

export const POST = htmlRoute({ auth: "anyone" }, async (request) => {
  const headers = new Headers({ location: "/labs/signup" });
  headers.append("set-cookie", await endAccountSession(readCookie(request, ACCOUNT_COOKIE), isHttps(request)));
  return new Response(null, { status: 303, headers });
});
