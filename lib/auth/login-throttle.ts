import { db } from "@/lib/db";

// After FREE_ATTEMPTS failures from one client, each further attempt must wait
// twice as long as the one before (1 s, 2 s, 4 s … up to 5 minutes) since the
// last failure. Counted in the database so it holds across instances.
const FREE_ATTEMPTS = 5;
const MAX_WAIT_SECONDS = 300;

/** Who is trying: the first X-Forwarded-For hop, else one shared bucket. */
export function loginClient(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return (forwarded || request.headers.get("x-real-ip") || "direct").slice(0, 100);
}

/** Seconds this client must still wait before its next attempt (0 = go). */
export async function loginWaitSeconds(client: string, now = new Date()): Promise<number> {
  const row = await db().loginThrottle.findUnique({ where: { client } });
  if (!row || row.failures < FREE_ATTEMPTS) return 0;
  const wait = Math.min(2 ** (row.failures - FREE_ATTEMPTS), MAX_WAIT_SECONDS);
  const elapsed = (now.getTime() - row.lastFailureAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(wait - elapsed));
}

export async function recordLoginFailure(client: string, now = new Date()): Promise<void> {
  await db().loginThrottle.upsert({
    where: { client },
    create: { client, failures: 1, lastFailureAt: now },
    update: { failures: { increment: 1 }, lastFailureAt: now },
  });
}

export async function clearLoginFailures(client: string): Promise<void> {
  await db().loginThrottle.deleteMany({ where: { client } });
}
