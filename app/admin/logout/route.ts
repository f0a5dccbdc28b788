// POST /admin/logout – clear labs_op and go back to the login form
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { endOperatorSession } from "@/lib/auth/session";
import { declareAuth, failure } from "@/lib/http/route";

export const POST = declareAuth("public", async (request) => {
  try {
    assertSameOrigin(request);
    const headers = new Headers({ location: "/admin/login" });
    await endOperatorSession(request, headers);
    return new Response(null, { status: 303, headers });
  } catch (error) {
    return failure(error, request);
  }
});
