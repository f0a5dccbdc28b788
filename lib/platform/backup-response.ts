import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { dataDir } from "@/lib/env";
import { AppError, errorText } from "@/lib/http/errors";
import { restoreBackup, type RestoreOptions, type RestoreSummary } from "@/lib/platform/restore-backup";
import { writeBackup } from "@/lib/platform/write-backup";

/** The archive as a download named after its moment, e.g. labs-backup-2026-11-24T1830Z.ndjson.gz. */
export function backupResponse(): Response {
  const stamp = new Date().toISOString().slice(0, 16).replace(":", "");
  return new Response(writeBackup(), {
    headers: {
      "content-type": "application/gzip",
      "content-disposition": `attachment; filename="labs-backup-${stamp}Z.ndjson.gz"`,
      "cache-control": "no-store",
    },
  });
}

const ARCHIVE_TYPES = new Set(["application/gzip", "application/x-gzip", "application/octet-stream"]);

/**
 * The request's body is the archive itself. It is written to a private file
 * under DATA_DIR as it arrives, never buffered whole, and restored from
 * there once it has all come: the restore is one transaction, and reading an
 * upload inside it let a slow or stalled upload hold the database (on the
 * embedded PGlite, every other request's queries) for as long as it lasted.
 */
export async function restoreRequest(request: Request, options: RestoreOptions): Promise<RestoreSummary> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!ARCHIVE_TYPES.has(type)) {
    throw new AppError("unsupported_media_type", errorText("labs.backupType"));
  }
  if (!request.body) throw new AppError("validation_failed", errorText("labs.backupEmpty"));
  const spoolDir = await mkdtemp(path.join(dataDir(), "restore-"));
  try {
    const spoolFile = path.join(spoolDir, "upload.ndjson.gz");
    try {
      await pipeline(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), createWriteStream(spoolFile));
    } catch (error) {
      throw new AppError("bad_json", errorText("request.unreadable"), { cause: error });
    }
    return await restoreBackup(createReadStream(spoolFile), options);
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
  }
}
