// POST /labs/api/restore – restore a backup into this new, empty install (operator only)
import { route } from "@/lib/http/route";
import { restoreRequest } from "@/lib/platform/backup-response";
import { restoreQuery, restoreResponse } from "@/lib/platform/schemas";

export const POST = route(
  {
    auth: "operator",
    summary:
      "Restore a backup (the archive as the body, application/gzip) into a database without household data; keep_credentials=1 restores its API keys and paired phones too",
    rawBody: true,
    upload: {
      types: ["application/gzip"],
      description: "A Labs backup file as it was downloaded from GET /labs/api/backup (labs-backup-….ndjson.gz)",
    },
    query: restoreQuery,
    response: restoreResponse,
  },
  async ({ request, query }) => restoreRequest(request, { keepCredentials: query.keep_credentials ?? false }),
);
