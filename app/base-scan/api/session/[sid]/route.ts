// GET /base-scan/api/session/[sid] – a scan session with its scans, store, invoices and totals
import { route } from "@/lib/http/route";
import { getScanSessionDetail } from "@/lib/scan/scan-session";
import { sessionDetailResponse, sessionParams } from "@/lib/scan/schemas";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    summary: "A scan session with its scans, store, invoices and totals",
    params: sessionParams,
    response: sessionDetailResponse,
  },
  async ({ params }) => ({
    ok: true,
    ...(await getScanSessionDetail({ id: params.sid })),
  }),
);
