import "server-only";
import { db } from "@/lib/db";
import { nextCounterValue, takeBackCounterValue } from "@/lib/db/daily-counter";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";

// Two limits on guessing the operator password, both counted in the database
// so they hold across instances (docs/decisions/020-ipv6-and-login-budget.md):
//
// - Per client (its network: an IPv4 address, an IPv6 /64): after
//   FREE_ATTEMPTS failures each further attempt must wait twice as long as
//   the one before (1 s, 2 s, 4 s … up to 5 minutes) since the last failure.
//   A day without failures forgets them.
// - All clients together: LOGIN_FAILURES_PER_MINUTE attempts a UTC minute
//   that were not the right password. Past that budget nobody has free
//   attempts: a client that has failed waits a minute from its last failure,
//   doubling per failure up to 5 minutes, and a wrong password is answered
//   with that wait at once. A client that has not failed is still let try,
//   so the operator's right password gets in during an attack.
const FREE_ATTEMPTS = 5;
const MAX_WAIT_SECONDS = 300;
const OVER_BUDGET_WAIT_SECONDS = 60;
const BUDGET_SCOPE = "login-attempts";

export type LoginAttempt =
  | {
      allowed: true;
      /** This client's failures, this attempt counted as one until the password proves right. */
      failures: number;
      /** Whether the attempt came past the budget: then a wrong password waits. */
      overBudget: boolean;
      /** The budget's minute the attempt was counted in, to give it back. */
      window: string;
    }
  | { allowed: false; waitSeconds: number; overBudget: boolean };

export type ClaimLoginAttemptOptions = {
  /** The client's network (clientNetwork in lib/http/client-address.ts). */
  client: string;
  now?: Date;
  /** Attempts a minute, all clients together, before every failure waits; 0 for none. */
  budget?: number;
};

/** How long a client with `failures` must wait after its last one, in or past the budget. */
export function loginWait(failures: number, overBudget: boolean): number {
  if (overBudget) return Math.min(OVER_BUDGET_WAIT_SECONDS * 2 ** (failures - 1), MAX_WAIT_SECONDS);
  return failures < FREE_ATTEMPTS ? 0 : Math.min(2 ** (failures - FREE_ATTEMPTS), MAX_WAIT_SECONDS);
}

/**
 * Checks and counts one attempt: first in the minute's budget, then for the
 * client, each in one statement. The attempt is counted as a failure before
 * the password is even looked at, so concurrent guesses cannot all slip
 * through one open check; a right password gives both counts back
 * (forgiveLoginAttempt), and a refused attempt gives the budget's back, since
 * nothing was tried. Also prunes clients that have not failed for a day.
 */
export async function claimLoginAttempt({
  client,
  now = new Date(),
  budget = env().LOGIN_FAILURES_PER_MINUTE,
}: ClaimLoginAttemptOptions): Promise<LoginAttempt> {
  const window = now.toISOString().slice(0, 16);
  const overBudget = budget > 0 && (await takeBudgetAttempt(window)) > budget;
  // The wait, in seconds, of the row as locked by ON CONFLICT.
  const wait = overBudget
    ? Prisma.sql`LEAST(${OVER_BUDGET_WAIT_SECONDS} * power(2, login_throttle.failures - 1), ${MAX_WAIT_SECONDS})`
    : Prisma.sql`CASE WHEN login_throttle.failures < ${FREE_ATTEMPTS} THEN 0
        ELSE LEAST(power(2, login_throttle.failures - ${FREE_ATTEMPTS}), ${MAX_WAIT_SECONDS}) END`;
  const [claimed] = await db().$queryRaw<{ failures: number }[]>`
    INSERT INTO login_throttle (client, failures, last_failure_at)
    VALUES (${client}, 1, ${now})
    ON CONFLICT (client) DO UPDATE SET
      failures = CASE
        WHEN login_throttle.last_failure_at < ${now}::timestamptz - interval '1 day' THEN 1
        ELSE login_throttle.failures + 1
      END,
      last_failure_at = ${now}
    WHERE login_throttle.last_failure_at <= ${now}::timestamptz - make_interval(secs => ${wait})
    RETURNING failures`;
  if (claimed) {
    if (claimed.failures === 1) await pruneLoginThrottle(now);
    return { allowed: true, failures: claimed.failures, overBudget, window };
  }
  if (budget > 0) await takeBackCounterValue({ scope: BUDGET_SCOPE, day: window });
  return { allowed: false, waitSeconds: Math.max(1, await loginWaitSeconds({ client, now, overBudget })), overBudget };
}

/** The right password: the client's failures are forgotten and the attempt leaves the budget. */
export async function forgiveLoginAttempt({ client, window }: { client: string; window: string }): Promise<void> {
  await clearLoginFailures(client);
  await takeBackCounterValue({ scope: BUDGET_SCOPE, day: window });
}

/** Seconds this client must still wait before its next attempt (0 = go). */
export async function loginWaitSeconds({
  client,
  now = new Date(),
  overBudget = false,
}: {
  client: string;
  now?: Date;
  overBudget?: boolean;
}): Promise<number> {
  const row = await db().loginThrottle.findUnique({ where: { client } });
  if (!row) return 0;
  const elapsed = (now.getTime() - row.lastFailureAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(loginWait(row.failures, overBudget) - elapsed));
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

/** Counts an attempt in its minute; the first of a minute drops the minutes before. */
async function takeBudgetAttempt(window: string): Promise<number> {
  const taken = await nextCounterValue({ scope: BUDGET_SCOPE, day: window });
  if (taken === 1) await db().dailyCounter.deleteMany({ where: { scope: BUDGET_SCOPE, day: { lt: window } } });
  return taken;
}
