// GET /labs/status – release and health for anyone; commit, uptime, database,
// migrations and counts for the operator
import { hasOperatorSession } from "@/lib/auth/operator-sessions";
import { SESSION_COOKIE } from "@/lib/auth/session";
import { readCookie } from "@/lib/http/cookies";
import { route } from "@/lib/http/route";
import { statusResponse } from "@/lib/platform/schemas";
import { buildStatus } from "@/lib/platform/status";

// Public, like a status page, but a stranger learns only the release and
// whether it is healthy: the commit, migrations and database details help an
// attacker more than they help a visitor.
export const GET = route(
  {
    auth: "public",
    summary: "Release label and health; commit, uptime, database, migrations and counts for the operator",
    response: statusResponse,
  },
  async ({ request }) => {
    const operator = await hasOperatorSession(readCookie(request, SESSION_COOKIE));
    const status = await buildStatus({ detailed: operator });
    return Response.json(status, { status: status.ok ? 200 : 503 });
  },
);
