// GET /labs/api/backups/[name] – one kept backup, as its file (operator only)
import { route } from "@/lib/http/route";
import { backupDownload } from "@/lib/platform/scheduled-backups";
import { backupNameParams } from "@/lib/platform/schemas";

export const GET = route(
  {
    auth: "operator",
    summary: "Download one of the backups kept on this server",
    params: backupNameParams,
    file: true,
    // As the backup download: a link on another site must not start it.
    sameOriginReads: true,
  },
  ({ params }) => backupDownload(params.name),
);
