import { db } from "@/lib/db";

// After FREE_ATTEMPTS failures from one client address (lib/http/client-address.ts),
// each further attempt must wait twice as long as the one before (1 s, 2 s,
// 4 s … up to 5 minutes) since the last failure. Counted in the database so it
// holds across instances; a day without failures forgets them.
const FREE_ATTEMPTS = 5;
const MAX_WAIT_SECONDS = 300;

export type LoginAttempt = { allowed: true } | { allowed: false; waitSeconds: number };

/**
 * Checks and counts one attempt in one statement: the attempt is counted as a
 * failure before the password is even looked at, only if the client may try
 * now, so concurrent guesses cannot all slip through one open check. A right
 * password then clears the count (clearLoginFailures). Also prunes the rows of
 * clients that have not failed for a day.
 */
export async function claimLoginAttempt(client: string, now = new Date()): Promise<LoginAttempt> {
  const [claimed] = await db().$queryRaw<{ failures: number }[]>`
    INSERT INTO login_throttle (client, failures, last_failure_at)
    VALUES (${client}, 1, ${now})
    ON CONFLICT (client) DO UPDATE SET
      failures = CASE
        WHEN login_throttle.last_failure_at < ${now}::timestamptz - interval '1 day' THEN 1
        ELSE login_throttle.failures + 1
      END,
      last_failure_at = ${now}
    WHERE login_throttle.failures < ${FREE_ATTEMPTS}
      OR login_throttle.last_failure_at <= ${now}::timestamptz - make_interval(
        secs => LEAST(power(2, login_throttle.failures - ${FREE_ATTEMPTS}), ${MAX_WAIT_SECONDS}))
    RETURNING failures`;
  if (claimed) {
    if (claimed.failures === 1) await pruneLoginThrottle(now);
    return { allowed: true };
  }
  return { allowed: false, waitSeconds: Math.max(1, await loginWaitSeconds(client, now)) };
}

/** Seconds this client must still wait before its next attempt (0 = go). */
export async function loginWaitSeconds(client: string, now = new Date()): Promise<number> {
  const row = await db().loginThrottle.findUnique({ where: { client } });
  if (!row || row.failures < FREE_ATTEMPTS) return 0;
  const wait = Math.min(2 ** (row.failures - FREE_ATTEMPTS), MAX_WAIT_SECONDS);
  const elapsed = (now.getTime() - row.lastFailureAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(wait - elapsed));
}

export async function clearLoginFailures(client: string): Promise<void> {
  await db().loginThrottle.deleteMany({ where: { client } });
}

/** Forgets clients whose last failure is over a day old. */
export async function pruneLoginThrottle(now = new Date()): Promise<number> {
  const { count } = await db().loginThrottle.deleteMany({
    where: { lastFailureAt: { lt: new Date(now.getTime() - 86_400_000) } },
  });
  return count;
}
