import { PassThrough } from "node:stream";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BACKUP_FORMAT, BACKUP_VERSION, controlLine } from "@/lib/platform/backup-format";
import { readBackupHeader } from "@/lib/platform/restore-backup";

// The restore command reads a backup's header from one stream of the file
// and closes it as soon as the header is in (scripts/restore.ts). A stream
// closed while the reader still waited on it once crashed the whole process
// with an unhandled ERR_STREAM_PREMATURE_CLOSE (seen in the upgrade tests):
// the error must end the reading, not the process.
describe("a backup's header", () => {
  it("is read from a stream that is closed under the reader, with no error left unhandled", async () => {
    const header = controlLine({
      labs: "backup",
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: new Date().toISOString(),
      database: "pglite",
      migrations: ["20261121134223_init"],
    });
    // Open, never ended: the reader is still waiting for more when it is closed.
    const file = new PassThrough();
    file.write(gzipSync(`${header}\n`));
    const unhandled: unknown[] = [];
    const note = (error: unknown) => unhandled.push(error);
    process.on("uncaughtException", note);
    try {
      expect((await readBackupHeader(file)).migrations).toEqual(["20261121134223_init"]);
      file.destroy();
      // The close reaches the reader's streams on the next turns of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off("uncaughtException", note);
    }
    expect(unhandled).toEqual([]);
  });
});
