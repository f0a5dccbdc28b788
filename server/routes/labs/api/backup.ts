// GET /labs/api/backup – the whole household as one archive, streamed (operator only)
import { route } from "@/lib/http/route";
import { backupResponse } from "@/lib/platform/backup-response";

export const GET = route(
  {
    auth: "operator",
    summary: "Download a backup of every area's data, attachments included (gzipped NDJSON, streamed)",
    file: true,
    // docs/backup-and-restore.md: a link on another site must not start the download.
    sameOriginReads: true,
  },
  () => backupResponse(),
);
