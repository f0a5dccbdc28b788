// npm run db:migrate — applies pending migrations to the configured database
// (DATABASE_URL, else PGlite in PGLITE_DIR). The server does the same on start.
import { closeDatabase, getDatabase } from "@/lib/db";
import { applyMigrations, exitAfterEngine } from "@/lib/db/migrate";

const database = getDatabase();
const applied = await applyMigrations(database.migrationAdapter());
await closeDatabase();
console.log(
  applied.length ? `applied ${applied.length} migration(s): ${applied.join(", ")}` : `${database.kind}: up to date`,
);
exitAfterEngine();
