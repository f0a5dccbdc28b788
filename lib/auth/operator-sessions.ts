import "server-only";
import { db } from "@/lib/db";
import { readOperatorSeal, SESSION_TTL_SECONDS, writeSessionCookie } from "@/lib/auth/session";
import type { OperatorSession } from "@/lib/auth/session-seal";

// The server-side half of operator sessions: which sealed cookies have ended
// before they expired. One revocation row per logout, one epoch for "log out
// everywhere"; both in the database, so every instance agrees
// (docs/decisions/002-operator-sessions.md).

/** Whether a `labs_op` seal is a live operator session. Used by routes and pages. */
export async function hasOperatorSession(seal: string | undefined): Promise<boolean> {
  const session = await readOperatorSeal(seal);
  if (!session) return false;
  return isSessionLive(session);
}

async function isSessionLive(session: Required<OperatorSession>): Promise<boolean> {
  let row: { ended: boolean; epoch: number } | undefined;
  try {
    [row] = await db().$queryRaw<{ ended: boolean; epoch: number }[]>`
      SELECT
        EXISTS (SELECT 1 FROM operator_session_end WHERE sid = ${session.sid}) AS ended,
        COALESCE((SELECT epoch FROM operator_session_epoch WHERE id = 1), 0) AS epoch`;
  } catch (error) {
    // The database is down: nothing the session could open works without it,
    // and the operator must still be shown that it is down rather than be
    // sent to a login that cannot succeed. The seal alone decides until it is back.
    console.error("[operator session] could not check for revocation:", error);
    return true;
  }
  return row !== undefined && !row.ended && row.epoch === session.epoch;
}

/** Starts an operator session in the current epoch; the Set-Cookie lands in `responseHeaders`. */
export async function startOperatorSession(request: Request, responseHeaders: Headers): Promise<void> {
  const row = await db().operatorSessionEpoch.findUnique({ where: { id: 1 }, select: { epoch: true } });
  await writeSessionCookie({ request, responseHeaders, epoch: row?.epoch ?? 0 });
}

/** Ends one session (logout): a copy of its cookie stops working everywhere. */
export async function endOperatorSession(seal: string | undefined, now = new Date()): Promise<void> {
  const session = await readOperatorSeal(seal);
  if (!session) return;
  const expiresAt = new Date(Date.parse(session.since) + SESSION_TTL_SECONDS * 1000);
  await db().$transaction([
    db().operatorSessionEnd.upsert({
      where: { sid: session.sid },
      create: { sid: session.sid, expiresAt },
      update: {},
    }),
    // Rows of cookies that have expired anyway are no longer needed.
    db().operatorSessionEnd.deleteMany({ where: { expiresAt: { lt: now } } }),
  ]);
}

/**
 * Logout: ends this session, or with `everywhere` every operator session,
 * which only a live session may do (anyone may end their own).
 */
export async function logOut(options: { seal: string | undefined; everywhere: boolean }): Promise<void> {
  if (options.everywhere && (await hasOperatorSession(options.seal))) await endAllOperatorSessions();
  else await endOperatorSession(options.seal);
}

/** Ends every operator session there is ("log out everywhere"). */
export async function endAllOperatorSessions(): Promise<void> {
  await db().operatorSessionEpoch.upsert({
    where: { id: 1 },
    create: { id: 1, epoch: 1 },
    update: { epoch: { increment: 1 } },
  });
}
