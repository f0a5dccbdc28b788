// POST /base-scan/api/scan – record a scan
import { route } from "@/lib/http/route";
import { recordScan } from "@/lib/scan/record-scan";
import { readScanSessionCookie, scanSessionCookie } from "@/lib/scan/scan-session";
import { recordScanBody, SESSION_ID_PATTERN } from "@/lib/scan/schemas";

export const POST = route({ auth: "public", body: recordScanBody }, async ({ body, request }) => {
  const cookie = readScanSessionCookie(request);
  const sessionId = body.session_id ?? (cookie && SESSION_ID_PATTERN.test(cookie) ? cookie : null);
  const scan = await recordScan({ value: body.value, format: body.format, note: body.note, sessionId });
  return Response.json(
    { ok: true, ...scan },
    { headers: { "Set-Cookie": scanSessionCookie(request, scan.session_id) } },
  );
});
