// POST /admin/logout – end this operator session (a copy of its cookie stops
// working too) and go back to the login form; with `everywhere=1` (the admin
// page's "Log out everywhere") end every operator session.
import { logOut } from "@/lib/auth/operator-sessions";
import { clearSessionCookie, SESSION_COOKIE } from "@/lib/auth/session";
import { readCookie } from "@/lib/http/cookies";
import { readFormOrJson } from "@/lib/http/read-body";
import { htmlRoute, parseInput } from "@/lib/http/route";
import { logoutBody } from "@/lib/labs/schemas";

export const POST = htmlRoute({ auth: "anyone" }, async (request) => {
  const body = parseInput(logoutBody, await readFormOrJson(request), "body");
  await logOut({ seal: readCookie(request, SESSION_COOKIE), everywhere: body.everywhere });
  const headers = new Headers({ location: "/admin/login" });
  clearSessionCookie(request, headers);
  return new Response(null, { status: 303, headers });
});
