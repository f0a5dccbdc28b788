// POST /base-scan/api/scan – record a scan
import { route } from "@/lib/http/route";
import { recordScan } from "@/lib/scan/record-scan";
import { callerSessionId, scanSessionCookie } from "@/lib/scan/scan-session";
import { recordScanBody, recordScanResponse } from "@/lib/scan/schemas";

export const POST = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Record a scanned code (idempotent on client_id) in the caller's scan session",
    body: recordScanBody,
    response: recordScanResponse,
  },
  async ({ body, request }) => {
    const sessionId = callerSessionId(request, body.session_id);
    const scan = await recordScan({
      value: body.value,
      format: body.format,
      note: body.note,
      sessionId,
      clientId: body.client_id,
    });
    // A replay answers an old scan; the caller's current session stays as it is.
    const headers = scan.replayed ? undefined : { "Set-Cookie": scanSessionCookie(request, scan.session_id) };
    return Response.json({ ok: true, ...scan }, { headers });
  },
);
