// POST /base-scan/api/scan – record a scan
import { route } from "@/lib/http/route";
import { recordScan } from "@/lib/scan/record-scan";
import { callerSessionId, scanSessionCookie } from "@/lib/scan/scan-session";
import { recordScanBody } from "@/lib/scan/schemas";

export const POST = route({ auth: "public", body: recordScanBody }, async ({ body, request }) => {
  const sessionId = callerSessionId(request, body.session_id);
  const scan = await recordScan({ value: body.value, format: body.format, note: body.note, sessionId });
  return Response.json(
    { ok: true, ...scan },
    { headers: { "Set-Cookie": scanSessionCookie(request, scan.session_id) } },
  );
});
