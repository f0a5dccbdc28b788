// GET /base-scan/api/session/[sid] – a scan session with its latest scans, store, invoices and totals
import { route } from "@/lib/http/route";
import { getScanSessionDetail } from "@/lib/scan/scan-session";
import { sessionDetailQuery, sessionDetailResponse, sessionParams } from "@/lib/scan/schemas";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    summary: "A scan session with its latest scans (older ones paged), store, invoices and totals",
    params: sessionParams,
    query: sessionDetailQuery,
    response: sessionDetailResponse,
  },
  async ({ params, query }) => getScanSessionDetail({ id: params.sid, limit: query.limit, cursor: query.cursor }),
);
