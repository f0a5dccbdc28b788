// POST /base-scan/api/scans/[id]/store – attach a store to a scan, or remove it with null
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { setScanStoreBody, setScanStoreResponse } from "@/lib/scan/schemas";
import { callerSessionId } from "@/lib/scan/scan-session";
import { setScanStore } from "@/lib/scan/set-scan-store";

export const POST = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Attach a store to a scan, or remove it with store_id null",
    params: idParams,
    body: setScanStoreBody,
    response: setScanStoreResponse,
  },
  async ({ params, body, request, origin }) => ({
    scan: await setScanStore({
      scanId: params.id,
      storeId: body.store_id,
      reach: origin.kind === "anonymous" ? { sessionId: callerSessionId(request, body.session_id) } : "any",
    }),
  }),
);
