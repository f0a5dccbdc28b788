// npm run restore -- [--keep-credentials] <backup file> — restores a Labs
// backup into the database `npm start` uses (DATABASE_URL, else PGlite in
// PGLITE_DIR), migrating it first. Into a new database, a backup from an
// earlier release is restored at that release's migrations and then brought
// up to date by the ones since, as the household's own database would have
// been by an upgrade (a migration may rewrite the data it finds). Refuses a
// database that already holds a household's data. The backup's API keys and
// paired phones are left out unless --keep-credentials asks for them, as on
// the admin page (docs/backup-and-restore.md).
import { createReadStream } from "node:fs";
import { parseArgs } from "node:util";
import { closeDatabase, getDatabase } from "@/lib/db";
import { applyMigrations, exitAfterEngine } from "@/lib/db/migrate";
import { readMigrationState } from "@/lib/db/migration-state";
import { AppError } from "@/lib/http/errors";
import { readBackupHeader, restoreBackup } from "@/lib/platform/restore-backup";

const USAGE = "usage: npm run restore -- [--keep-credentials] <backup file (labs-backup-….ndjson.gz)>";

let keepCredentials = false;
let file: string | undefined;
try {
  const { values, positionals } = parseArgs({
    options: { "keep-credentials": { type: "boolean", default: false } },
    allowPositionals: true,
  });
  keepCredentials = values["keep-credentials"];
  file = positionals.length === 1 ? positionals[0] : undefined;
} catch {
  file = undefined;
}
if (!file) {
  console.error(USAGE);
  process.exit(2);
}

const database = getDatabase();
try {
  const adapter = database.migrationAdapter();
  const peek = createReadStream(file);
  const header = await readBackupHeader(peek).finally(() => peek.destroy());
  const release = header.migrations.toSorted().at(-1);
  const isNew = (await readMigrationState()).applied.length === 0;
  await applyMigrations(adapter, isNew && release ? { through: release } : {});
  const { backup, rows, credentials } = await restoreBackup(createReadStream(file), { keepCredentials });
  const since = await applyMigrations(adapter);
  if (since.length)
    console.log(`brought up to date by the ${since.length} migrations since the backup: ${since.join(", ")}`);
  const total = Object.values(rows).reduce((sum, n) => sum + (n ?? 0), 0);
  console.log(
    `restored ${total} rows from a backup of ${backup.created_at} (${backup.database}) into ${database.kind}:`,
  );
  for (const [table, count] of Object.entries(rows)) if (count) console.log(`  ${table}: ${count}`);
  console.log(
    credentials === "kept"
      ? "API keys and paired phones were restored: they work here as they did (phones only with the same SESSION_SECRET)."
      : "API keys and paired phones were left out: create new keys and pair the phones again (--keep-credentials restores them).",
  );
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
exitAfterEngine();
