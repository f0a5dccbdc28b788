// POST /labs/api/restore – restore a backup into this new, empty install (operator only)
import { route } from "@/lib/http/route";
import { restoreRequest } from "@/lib/labs/backup-response";
import { restoreResponse } from "@/lib/labs/schemas";

export const POST = route(
  {
    auth: "operator",
    summary: "Restore a backup (the archive as the body, application/gzip) into a database without household data",
    rawBody: true,
    upload: {
      types: ["application/gzip"],
      description: "A Labs backup file as it was downloaded from GET /labs/api/backup (labs-backup-….ndjson.gz)",
    },
    response: restoreResponse,
  },
  async ({ request }) => ({ ok: true, ...(await restoreRequest(request)) }),
);
