import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { AppError, errorText } from "@/lib/http/errors";
import { restoreBackup, type RestoreSummary } from "@/lib/labs/restore-backup";
import { writeBackup } from "@/lib/labs/write-backup";

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

/** The request's body is the archive itself, read as it arrives: never buffered whole. */
export async function restoreRequest(request: Request): Promise<RestoreSummary> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!ARCHIVE_TYPES.has(type)) {
    throw new AppError("unsupported_media_type", errorText("labs.backupType"));
  }
  if (!request.body) throw new AppError("validation_failed", errorText("labs.backupEmpty"));
  return restoreBackup(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>));
}
