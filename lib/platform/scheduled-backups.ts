import "server-only";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { createReadStream, createWriteStream } from "node:fs";
import { Cron } from "croner";
import type { z } from "zod";
import { db } from "@/lib/db";
import { nextCounterValue } from "@/lib/db/daily-counter";
import { dataDir, env } from "@/lib/env";
import { eventsCommitted, recordEvent } from "@/lib/events/record-event";
import { AppError, errorText } from "@/lib/http/errors";
import { makePrivateDirectory } from "@/lib/private-files.mjs";
import { BACKUP_NAME, type backupFile } from "@/lib/platform/schemas";
import { writeBackup } from "@/lib/platform/write-backup";

// The household's backups, taken on their own (docs/backup-and-restore.md,
// "Every night"): at BACKUP_SCHEDULE (cron, Europe/Lisbon) the whole household
// is written to BACKUP_DIR, then proven: restored into a scratch database in
// a process of its own, its rows counted against the backup's own end line.
// A proven backup is copied to BACKUP_COPY_TO; BACKUP_KEEP of them are kept.
// A backup that cannot be written or proven raises backup.failed and shows on
// the dashboard. With several instances on one PostgreSQL, one takes each.

const TIMEZONE = "Europe/Lisbon";
/** How long a proof may take: a restore of a household, even a large one, is minutes. */
const PROOF_TIMEOUT_MS = 30 * 60_000;

export type BackupFile = z.infer<typeof backupFile>;
export type BackupProof = NonNullable<BackupFile["proof"]>;

export function backupDir(): string {
  return path.resolve(/* turbopackIgnore: true */ env().BACKUP_DIR ?? path.join(dataDir(), "backups"));
}

/** Starts the nightly backups, unless BACKUP_SCHEDULE is `off`. */
export function startBackupSchedule(): { stop: () => void } {
  const schedule = env().BACKUP_SCHEDULE;
  if (schedule === "off") return { stop: () => undefined };
  const job = new Cron(schedule, { timezone: TIMEZONE, protect: true }, async (self: Cron) => {
    const slot = self.currentRun() ?? new Date();
    // One instance takes each slot: the first to count it.
    if ((await nextCounterValue({ scope: "backup-slot", day: slot.toISOString() })) !== 1) return;
    await takeBackup({ origin: "labs" }).catch((error: unknown) => console.error("labs: scheduled backup:", error));
  });
  return { stop: () => job.stop() };
}

/**
 * Writes a backup into BACKUP_DIR and proves it; copies and prunes once it is
 * proven. Raises backup.failed when either step fails. Answers the file.
 */
export async function takeBackup({ origin, now = new Date() }: { origin: string; now?: Date }): Promise<BackupFile> {
  const dir = backupDir();
  // 2026-11-27T03:30:00.000Z → labs-backup-2026-11-27T033000Z.ndjson.gz
  const name = `labs-backup-${now.toISOString().slice(0, 19).replaceAll(":", "")}Z.ndjson.gz`;
  const file = path.join(dir, name);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    makePrivateDirectory(dir);
    const partial = `${file}.partial`;
    await pipeline(Readable.fromWeb(writeBackup() as never), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
  } catch (error) {
    await raiseBackupFailed({ name, stage: "write", reason: reasonOf(error), origin });
    throw new AppError("internal", errorText("labs.backups.writeFailed", { reason: reasonOf(error) }), {
      cause: error,
    });
  }
  const proof = await proveBackup(file);
  await writeFile(proofFile(file), JSON.stringify(proof), { mode: 0o600 });
  if (proof.ok) {
    await copyProven(file);
    await pruneBackups();
  } else {
    await raiseBackupFailed({ name, stage: "proof", reason: proof.reason, origin });
  }
  return describeBackup(name);
}

/**
 * Restores the backup into a scratch in-memory database in a process of its
 * own (the restore command, scripts/restore.ts), which migrates it, restores
 * every row in one transaction and checks each table's count against the
 * backup's end line: proven when it exits 0.
 */
export async function proveBackup(file: string): Promise<BackupProof> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/restore.ts", "--keep-credentials", file], {
    cwd: process.cwd(),
    env: { ...process.env, PGLITE_DIR: "memory://", DATABASE_URL: "", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: PROOF_TIMEOUT_MS,
  });
  let said = "";
  child.stdout.on("data", (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000)));
  child.stderr.on("data", (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000)));
  const [code] = (await once(child, "close")) as [number | null];
  const proven_at = new Date().toISOString();
  if (code === 0) return { ok: true, proven_at };
  const reason = said.trim().split("\n").at(-1)?.slice(0, 500) || `the restore ended with ${code ?? "a signal"}`;
  return { ok: false, proven_at, reason };
}

/** The backups in BACKUP_DIR, newest first, with their proof. */
export async function listBackups(): Promise<BackupFile[]> {
  return Promise.all((await backupNames()).map(describeBackup));
}

/** The newest backup in BACKUP_DIR whose proof passed, as a path, with when it was taken; null if none. */
export async function latestProvenBackup(): Promise<{ file: string; created_at: string } | null> {
  const proven = (await listBackups()).find((backup) => backup.proof?.ok);
  return proven ? { file: path.join(backupDir(), proven.name), created_at: proven.created_at } : null;
}

/** The names of the backups in BACKUP_DIR, newest first (a name sorts by its time). */
async function backupNames(): Promise<string[]> {
  try {
    return (await readdir(/* turbopackIgnore: true */ backupDir()))
      .filter((name) => BACKUP_NAME.test(name))
      .sort((a, b) => b.localeCompare(a));
  } catch {
    return [];
  }
}

/** One kept backup as its download; 404 for a name that is not one (never a path). */
export async function backupDownload(name: string): Promise<Response> {
  if (!BACKUP_NAME.test(name)) throw new AppError("not_found", errorText("labs.backups.notFound"));
  const file = path.join(backupDir(), name);
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw new AppError("not_found", errorText("labs.backups.notFound"));
  }
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, {
    headers: {
      "content-type": "application/gzip",
      "content-length": String(size),
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
}

async function describeBackup(name: string): Promise<BackupFile> {
  const file = path.join(backupDir(), name);
  const { size } = await stat(file);
  let proof: BackupProof | null = null;
  try {
    proof = JSON.parse(await readFile(proofFile(file), "utf8")) as BackupProof;
  } catch {
    proof = null;
  }
  return { name, size, created_at: createdAtOf(name), proof };
}

const proofFile = (file: string) => `${file}.proof.json`;

/** `labs-backup-2026-11-27T033000Z.ndjson.gz` → `2026-11-27T03:30:00.000Z`. */
function createdAtOf(name: string): string {
  const [, day, h, m, s] = /^labs-backup-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(name)!;
  return `${day}T${h}:${m}:${s}.000Z`;
}

/** A proven backup, to the second folder, if there is one. */
async function copyProven(file: string): Promise<void> {
  const target = env().BACKUP_COPY_TO;
  if (!target) return;
  try {
    await mkdir(target, { recursive: true, mode: 0o700 });
    await copyFile(file, path.join(target, path.basename(file)));
  } catch (error) {
    await raiseBackupFailed({ name: path.basename(file), stage: "copy", reason: reasonOf(error), origin: "labs" });
  }
}

/**
 * Keeps the newest BACKUP_KEEP daily backups (one a day, the day's last)
 * and the newest weekly ones (a week's last), and drops the rest; a backup
 * not proven is never what a day keeps, nor is it dropped before a proven one.
 */
export async function pruneBackups(): Promise<void> {
  const { daily, weekly } = env().BACKUP_KEEP;
  const proven = (await listBackups()).filter((file) => file.proof?.ok);
  const keep = new Set<string>();
  const byDay = new Map<string, string>();
  const byWeek = new Map<string, string>();
  for (const file of proven) {
    const day = file.created_at.slice(0, 10);
    if (!byDay.has(day)) byDay.set(day, file.name);
    const week = isoWeek(new Date(file.created_at));
    if (!byWeek.has(week)) byWeek.set(week, file.name);
  }
  [...byDay.values()].slice(0, daily).forEach((name) => keep.add(name));
  [...byWeek.values()].slice(0, weekly).forEach((name) => keep.add(name));
  for (const file of proven) {
    if (keep.has(file.name)) continue;
    const full = path.join(backupDir(), file.name);
    await rm(full, { force: true });
    await rm(proofFile(full), { force: true });
  }
}

/** The ISO year and week of a moment: `2026-W48`. */
function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

async function raiseBackupFailed({
  name,
  stage,
  reason,
  origin,
}: {
  name: string;
  stage: "write" | "proof" | "copy";
  reason: string;
  origin: string;
}): Promise<void> {
  const text =
    stage === "write"
      ? `The backup ${name} could not be written: ${reason}`
      : stage === "proof"
        ? `The backup ${name} did not restore: ${reason}`
        : `The backup ${name} could not be copied to BACKUP_COPY_TO: ${reason}`;
  try {
    await db().$transaction(async (tx) => {
      await recordEvent(tx, {
        type: "backup.failed",
        subject: { kind: "backup", id: name, url: "/admin/operator" },
        data: { name, stage, reason, text },
        origin,
      });
    });
    eventsCommitted();
  } catch (error) {
    console.error(`labs: ${text}; and the event could not be recorded:`, error);
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof Error) return error.message.slice(0, 300);
  return String(error).slice(0, 300);
}

export type BackupState =
  | { state: "none" }
  | { state: "proven"; at: string }
  | { state: "pending"; at: string }
  | { state: "failed"; at: string; reason: string };

/**
 * What the dashboard says of the backups: the newest one's proof, unless a
 * backup failed after it (one that could not even be written leaves no file,
 * only its backup.failed event).
 */
export async function backupState(): Promise<BackupState> {
  // The dashboard asks every 30 s: only the newest backup is read.
  const [newestName] = await backupNames();
  const newest = newestName === undefined ? undefined : await describeBackup(newestName);
  const [failure] = await db().$queryRaw<{ at: Date; reason: string }[]>`
    SELECT at, data->>'reason' AS reason FROM event WHERE type = 'backup.failed' ORDER BY id DESC LIMIT 1`;
  const newestAt = newest ? Date.parse(newest.proof?.proven_at ?? newest.created_at) : -Infinity;
  if (failure && failure.at.getTime() >= newestAt) {
    return { state: "failed", at: failure.at.toISOString(), reason: failure.reason ?? "" };
  }
  if (!newest) return { state: "none" };
  if (newest.proof === null) return { state: "pending", at: newest.created_at };
  return newest.proof.ok
    ? { state: "proven", at: newest.created_at }
    : { state: "failed", at: newest.proof.proven_at, reason: newest.proof.reason };
}
