import { statfs } from "node:fs/promises";
import path from "node:path";
import { dataDir, env } from "@/lib/env";

// A full disk (docs/running-unattended.md, "A full disk"): writes are refused
// with 507 while reads go on, the operator's dashboard says why, and writes
// resume by themselves once space is freed. This module knows a failure for
// want of space when it sees one, and what the dashboard says of the disk.

/** A write refused for want of space: when, and how much was free just after. */
let lastRefusal: { at: number; freeBytes: number | null } | null = null;
let loggedAt = 0;

/** Less than this free on the database's disk is as good as full: a page, a photo, a backup does not fit. */
const NEARLY_FULL_BYTES = 16 * 1024 * 1024;
/** A refusal stays on the dashboard this long, unless space has been freed since. */
const REFUSAL_SHOWN_MS = 60 * 60 * 1000;
/** Where only the refusal is known (PostgreSQL's own disk), it is shown this long. */
const REMOTE_REFUSAL_SHOWN_MS = 10 * 60 * 1000;

/**
 * Whether `error` (or one it wraps) is a write that found no space: the
 * operating system's ENOSPC, or PostgreSQL's disk_full (SQLSTATE 53100),
 * which PGlite and a PostgreSQL server both raise.
 */
export function isDiskFull(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause !== "object") return false;
    const { code, message, cause: inner } = cause as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === "ENOSPC" || code === "53100") return true;
    if (typeof message === "string" && /No space left on device/.test(message)) return true;
    cause = inner;
  }
  return false;
}

/** Records a write refused for want of space, and says so in the log once a minute at most. */
export function noteDiskFull(): void {
  const refusal = { at: Date.now(), freeBytes: null as number | null };
  lastRefusal = refusal;
  void freeBytes().then((free) => (refusal.freeBytes = free));
  if (refusal.at - loggedAt >= 60_000) {
    loggedAt = refusal.at;
    console.error(
      `labs: the disk is full: writes are refused (507) until space is freed in ${databaseFolder() ?? "the database's disk"}`,
    );
  }
}

export type DiskState = { state: "ok" | "full"; free_bytes: number | null; refused_at: string | null };

/** What the dashboard says of the disk the database writes to. */
export async function diskState(now = Date.now()): Promise<DiskState> {
  const free = await freeBytes();
  const refusal = lastRefusal;
  const refusedLately =
    refusal !== null &&
    (free === null
      ? now - refusal.at < REMOTE_REFUSAL_SHOWN_MS
      : now - refusal.at < REFUSAL_SHOWN_MS && free < (refusal.freeBytes ?? 0) + NEARLY_FULL_BYTES);
  const full = refusedLately || (free !== null && free < NEARLY_FULL_BYTES);
  return {
    state: full ? "full" : "ok",
    free_bytes: free,
    refused_at: refusedLately ? new Date(refusal.at).toISOString() : null,
  };
}

/** The folder the embedded database writes to; null when the database is a PostgreSQL server. */
function databaseFolder(): string | null {
  const { DATABASE_URL, PGLITE_DIR } = env();
  if (DATABASE_URL) return null;
  return PGLITE_DIR.startsWith("memory://") ? dataDir() : path.resolve(PGLITE_DIR);
}

/** Bytes an unprivileged writer may still use on the database's disk; null if not ours to see. */
async function freeBytes(): Promise<number | null> {
  const folder = databaseFolder();
  if (folder === null) return null;
  try {
    const { bavail, bsize } = await statfs(folder);
    return bavail * bsize;
  } catch {
    return null;
  }
}
