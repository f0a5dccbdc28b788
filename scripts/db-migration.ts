// npm run db:migration -- --name <name>
// Diffs prisma/schema.prisma against the existing migrations (replayed on a
// throw-away in-memory PGlite, so no database is needed) and writes the new
// migration folder.
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { createMigration, exitAfterEngine } from "@/lib/db/migrate";

const { values } = parseArgs({ options: { name: { type: "string" } } });
if (!values.name || !/^[a-z0-9_]+$/.test(values.name)) {
  console.error("usage: npm run db:migration -- --name <snake_case_name>");
  process.exit(2);
}

const pglite = new PGlite("memory://");
const folder = await createMigration(new PrismaPGlite(pglite), values.name);
await pglite.close();
console.log(folder ? `wrote prisma/migrations/${folder}/migration.sql` : "schema unchanged: no migration written");
exitAfterEngine();
