// GET /labs/status – release, uptime, database, migrations; counts for the operator
import { isOperatorSeal, readSessionCookie } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { statusResponse } from "@/lib/labs/schemas";
import { buildStatus } from "@/lib/labs/status";

// Public, like a status page: nothing in it but the build and the health. The
// row counts per service are the operator's business (cookie or API key).
export const GET = route(
  {
    auth: "public",
    summary: "Release label, uptime, database kind and migration state; counts per service for the operator",
    response: statusResponse,
  },
  async ({ request, caller }) => {
    const operator = caller !== null || (await isOperatorSeal(readSessionCookie(request)));
    const status = await buildStatus({ includeCounts: operator });
    return Response.json(status, { status: status.database.ok ? 200 : 503 });
  },
);
