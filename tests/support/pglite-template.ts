import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A new PGlite database costs some 2.5 s, nearly all of it PGlite creating
// its cluster (initdb, in WebAssembly), then half a second of migrations and
// a second to load the schema engine. The test servers and the db suites
// instead start from a copy of one migrated database directory, which opens
// in a quarter of a second. That directory is made by the project's own
// `npm run db:migrate` (scripts/db-migrate.ts), once per set of migrations
// and PGlite version, and kept in the temporary directory. The suites about
// creating and migrating a database (tests/db/migrate.test.ts,
// tests/api/lifecycle.test.ts) still start from nothing.

const projectRoot = process.cwd();

/** Where copies go: memory when the machine has a tmpfs, else the temporary directory. */
const copiesRoot = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();

function templateKey(): string {
  const hash = createHash("sha256");
  const migrations = path.join(projectRoot, "prisma", "migrations");
  for (const folder of readdirSync(migrations).sort()) {
    const file = path.join(migrations, folder, "migration.sql");
    if (existsSync(file)) hash.update(folder).update(readFileSync(file));
  }
  hash.update(readFileSync(path.join(projectRoot, "node_modules", "@electric-sql", "pglite", "package.json")));
  return hash.digest("hex").slice(0, 16);
}

/** The migrated template for the current migrations, made if missing. */
function pgliteTemplate(): string {
  const template = path.join(tmpdir(), `labs-pglite-template-${templateKey()}`);
  if (existsSync(template)) return template;
  // Made aside and renamed into place, so two test processes making it at
  // once never see half of one.
  const staging = `${template}.${randomBytes(4).toString("hex")}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: staging, NODE_ENV: "development" };
  delete env.DATABASE_URL;
  const made = spawnSync(
    process.execPath,
    [path.join(projectRoot, "node_modules/tsx/dist/cli.mjs"), "scripts/db-migrate.ts"],
    {
      cwd: projectRoot,
      env,
      encoding: "utf8",
    },
  );
  if (made.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`could not make the PGlite template:\n${made.stdout}\n${made.stderr}`);
  }
  try {
    renameSync(staging, template);
  } catch (error) {
    // Another process renamed its own first: use that one.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(template)) throw error;
  }
  return template;
}

/** A new, migrated PGlite database directory of its own, and how to remove it. */
export function freshPgliteDir(): { dir: string; remove: () => void } {
  const template = pgliteTemplate();
  const dir = mkdtempSync(path.join(copiesRoot, "labs-pglite-"));
  cpSync(template, dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
