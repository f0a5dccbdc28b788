// npm run backup -- <file> — writes a backup of the database `npm start` uses
// (DATABASE_URL, else PGlite in PGLITE_DIR; stop the server first, it owns
// PGlite's folder) into <file>: the same archive as the admin page's download
// (docs/backup-and-restore.md). For a copy by hand, before an upgrade, from a
// database any release left.
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { closeDatabase } from "@/lib/db";
import { dataDir } from "@/lib/env";
import { makePrivateDirectory } from "@/lib/private-files.mjs";
import { writeBackup } from "@/lib/platform/write-backup";

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error("usage: npm run backup -- <file (labs-backup-….ndjson.gz)>");
  process.exit(2);
}
try {
  // The tables are spooled under DATA_DIR before the archive is written, as on the server.
  makePrivateDirectory(dataDir());
  await pipeline(
    Readable.fromWeb(writeBackup() as import("node:stream/web").ReadableStream),
    createWriteStream(file, { mode: 0o600 }),
  );
  console.log(`backed up into ${file}`);
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
