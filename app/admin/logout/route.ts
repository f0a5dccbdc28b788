// POST /admin/logout – end this operator session (a copy of its cookie stops
// working too) and go back to the login form; with `everywhere=1` (the admin
// page's "Log out everywhere") end every operator session.
import { endAllOperatorSessions, endOperatorSession, hasOperatorSession } from "@/lib/auth/operator-sessions";
import { clearSessionCookie, readSessionCookie } from "@/lib/auth/session";
import { readFormOrJson } from "@/lib/http/read-body";
import { htmlRoute, parseInput } from "@/lib/http/route";
import { logoutBody } from "@/lib/labs/schemas";

export const POST = htmlRoute({ auth: "anyone" }, async (request) => {
  const body = parseInput(logoutBody, await readFormOrJson(request), "body");
  const seal = readSessionCookie(request);
  // Only a live session may end all the others; anyone may end their own.
  if (body.everywhere && (await hasOperatorSession(seal))) await endAllOperatorSessions();
  else await endOperatorSession(seal);
  const headers = new Headers({ location: "/admin/login" });
  clearSessionCookie(request, headers);
  return new Response(null, { status: 303, headers });
});
