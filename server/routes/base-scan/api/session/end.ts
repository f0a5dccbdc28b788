// POST /base-scan/api/session/end – end the caller's scan session (body session_id or scan_sid cookie)
import { AppError, errorText } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { callerSessionId, endScanSession, readScanSessionCookie, scanSessionCookie } from "@/lib/scan/scan-session";
import { endSessionBody, endSessionResponse } from "@/lib/scan/schemas";

export const POST = route(
  {
    auth: "public",
    scope: "scan",
    summary: "End the caller's scan session (body session_id, else the scan_sid cookie)",
    body: endSessionBody,
    response: endSessionResponse,
  },
  async ({ body, request }) => {
    const id = callerSessionId(request, body.session_id);
    if (!id) throw new AppError("not_found", errorText("scan.noSessionToEnd"));
    const session = await endScanSession({ id });
    const endedTheCookieSession = readScanSessionCookie(request) === id;
    const headers = endedTheCookieSession ? { "Set-Cookie": scanSessionCookie(request, null) } : undefined;
    return Response.json({ ok: true, ended: true, session }, { headers });
  },
);
