// npm run restore -- <backup file> — restores a Labs backup into the database
// `npm start` uses (DATABASE_URL, else PGlite in PGLITE_DIR), migrating it
// first. Refuses a database that already holds a household's data.
import { createReadStream } from "node:fs";
import { closeDatabase, getDatabase } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { AppError } from "@/lib/http/errors";
import { restoreBackup } from "@/lib/labs/restore-backup";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run restore -- <backup file (labs-backup-….ndjson.gz)>");
  process.exit(2);
}

const database = getDatabase();
try {
  await applyMigrations(database.migrationAdapter());
  const { backup, rows } = await restoreBackup(createReadStream(file));
  const total = Object.values(rows).reduce((sum, n) => sum + (n ?? 0), 0);
  console.log(
    `restored ${total} rows from a backup of ${backup.created_at} (${backup.database}) into ${database.kind}:`,
  );
  for (const [table, count] of Object.entries(rows)) if (count) console.log(`  ${table}: ${count}`);
} catch (error) {
  const message =
    error instanceof AppError
      ? error.message
      : (error as NodeJS.ErrnoException).code === "ENOENT"
        ? `no such file: ${file}`
        : String(error);
  console.error(`restore failed, nothing was restored: ${message}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
