// POST /base-scan/api/scans/[id]/store – attach a store to a scan, or remove it with null
import { idParams } from "@/lib/http/ids";
import { route } from "@/lib/http/route";
import { setScanStoreBody } from "@/lib/scan/schemas";
import { setScanStore } from "@/lib/scan/set-scan-store";

export const POST = route({ auth: "public", params: idParams, body: setScanStoreBody }, async ({ params, body }) => ({
  ok: true,
  scan: await setScanStore({ scanId: params.id, storeId: body.store_id }),
}));
