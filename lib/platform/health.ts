import "server-only";
import { getDatabase } from "@/lib/db";
import { errorText, writeError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { healthBody } from "@/lib/platform/schemas";

const HEALTH_TIMEOUT_MS = 3000;

export type ServiceName = "base-scan" | "core-ask" | "base-ask" | "labs";

/** One real round trip to the database, bounded so a hung database reads as down. */
export async function pingDatabase(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
  });
  const ping = getDatabase().prisma.$queryRaw`SELECT 1`
    .then(() => true)
    .catch((error: unknown) => {
      console.error("[health] database ping failed:", error);
      return false;
    });
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function healthResponse(service: ServiceName, request?: Request): Promise<Response> {
  if (await pingDatabase()) return Response.json({ ok: true, service, db: "ok" });
  return Response.json(
    {
      ok: false,
      service,
      db: "down",
      error: {
        code: "unavailable",
        message: writeError(errorText("labs.healthDown"), request ? requestLocale(request) : "en"),
      },
    },
    { status: 503, headers: { "retry-after": "5" } },
  );
}

/** The GET handler of a service's health check (one per service, docs/contract.md, "Labs"). */
export function healthRoute(service: ServiceName) {
  return route(
    {
      auth: "anyone",
      summary: `Health of ${service}: 200 after a real database round trip, 503 when the database is down`,
      response: healthBody,
    },
    ({ request }) => healthResponse(service, request),
  );
}
