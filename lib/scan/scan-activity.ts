import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
import { getScanSessionDetail } from "@/lib/scan/scan-session";

// Scan at a glance, for the operator dashboard (docs/contract.md, "Paths"). "Today" is the UTC
// day, the same day the session ids (S-<yymmdd>-<n>) are counted in.

/** Midnight UTC of `now`'s day. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Scans recorded since 00:00 UTC today (on the created_at index). */
export async function countScansToday({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  return db().scan.count({ where: { createdAt: { gte: startOfUtcDay(now), lte: now } } });
}

type SessionDetail = Awaited<ReturnType<typeof getScanSessionDetail>>;

/**
 * The session that matters to the caller: its own (`sessionId`, from its
 * scan_sid cookie) while that is open, else the one anybody scanned into
 * last, open or not; null before the first scan. `mine` says which.
 */
export async function getCurrentScanSession({
  sessionId,
  now = new Date(),
}: {
  sessionId?: string | null;
  now?: Date;
}): Promise<(SessionDetail & { mine: boolean }) | null> {
  if (sessionId) {
    const own = await getScanSessionDetail({ id: sessionId, now }).catch(nullIfNotFound);
    if (own?.session.state === "open") return { ...own, mine: true };
  }
  const latest = await db().scanSession.findFirst({
    orderBy: [{ lastScanAt: "desc" }, { startedAt: "desc" }],
    select: { id: true },
  });
  if (!latest) return null;
  return { ...(await getScanSessionDetail({ id: latest.id, now })), mine: latest.id === sessionId };
}

function nullIfNotFound(error: unknown): null {
  if (error instanceof AppError && error.code === "not_found") return null;
  throw error;
}
