// Migrations through Prisma's own schema engine, in its WebAssembly build, over
// the same driver adapter the app uses — so no native engine is downloaded and
// `_prisma_migrations` stays Prisma's. Prisma calls this build unsupported:
// every use of it lives in this module, so it can be swapped for
// `prisma migrate deploy` where the native engine exists.
import "server-only";
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine as SchemaEngineInstance } from "@prisma/schema-engine-wasm";

const projectRoot = process.cwd();
const migrationsDir = path.join(projectRoot, "prisma", "migrations");
const schemaPath = path.join(projectRoot, "prisma", "schema.prisma");

type SchemaEngineModule = typeof import("@prisma/schema-engine-wasm");

let engineModule: Promise<SchemaEngineModule> | undefined;

// Node 20 cannot import .wasm as an ES module without a flag, so instantiate it
// by hand the way the generated schema_engine.js would.
function loadEngineModule(): Promise<SchemaEngineModule> {
  engineModule ??= (async () => {
    // Resolved at run time from node_modules; the bundler must not follow it.
    const { createRequire } = process.getBuiltinModule("node:module");
    const bgPath = createRequire(path.join(projectRoot, "package.json")).resolve(
      "@prisma/schema-engine-wasm/schema_engine_bg",
    );
    const bg = (await import(/* turbopackIgnore: true */ pathToFileURL(bgPath).href)) as SchemaEngineModule & {
      __wbg_set_wasm(exports: WebAssembly.Exports): void;
    };
    const bytes = await readFile(path.join(path.dirname(bgPath), "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bg;
  })();
  return engineModule;
}

async function withEngine<T>(
  adapter: SqlMigrationAwareDriverAdapterFactory,
  run: (engine: SchemaEngineInstance) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const schema = await readFile(schemaPath, "utf8");
  const log = (line: string) => {
    if (process.env.LABS_DEBUG_MIGRATE) console.error("[schema-engine]", line);
  };
  const engine = await SchemaEngine.new(
    { datamodels: [[schemaPath, schema]] },
    log,
    bindMigrationAwareSqlAdapterFactory(adapter),
  );
  try {
    return await run(engine);
  } finally {
    engine.free();
  }
}

/** The migrations of prisma/migrations, oldest first; with `through`, none after that one. */
async function listMigrations({ through }: { through?: string } = {}): Promise<MigrationList> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => through === undefined || name <= through)
    .sort();
  const migrationDirectories = await Promise.all(
    folders.map(async (folder) => {
      const content = await readFile(path.join(migrationsDir, folder, "migration.sql"), "utf8")
        .then((value) => ({ tag: "ok" as const, value }))
        .catch((error: Error) => ({ tag: "error" as const, value: error.message }));
      return { path: folder, migrationFile: { path: "migration.sql", content } };
    }),
  );
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  const lockContent = await readFile(lockPath, "utf8").catch(() => null);
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

const noFilters = { externalTables: [], externalEnums: [] };

/**
 * Ends a command that ran the schema engine, with the exit code it set. The
 * engine's WebAssembly starts a 10 s timer for its queries and never clears
 * it, so a command left to end by itself lived on for 10 s after its work:
 * `npm run restore`, `npm run db:migrate`, and the restore that proves each
 * nightly backup, which the server waits for.
 */
export function exitAfterEngine(): never {
  process.exit();
}

/** A row of Prisma's `_prisma_migrations`, as much as matters here. */
export type AppliedMigration = {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
};

/**
 * Whether the database already has exactly the migrations of
 * prisma/migrations, each finished, none failed, with the checksum Prisma
 * records (sha256 of the file): then starting up needs no schema engine,
 * whose WebAssembly takes about a second to load. Anything else (no table
 * yet, a pending, failed or edited migration) is left to the engine.
 */
export async function migrationsAreCurrent(applied: AppliedMigration[]): Promise<boolean> {
  const { migrationDirectories } = await listMigrations();
  const live = applied.filter((row) => row.rolled_back_at === null);
  if (live.some((row) => row.finished_at === null)) return false;
  const recorded = new Map(live.map((row) => [row.migration_name, row.checksum]));
  return migrationDirectories.every(({ path: name, migrationFile }) => {
    if (migrationFile.content.tag !== "ok") return false;
    const checksum = createHash("sha256").update(migrationFile.content.value).digest("hex");
    return recorded.get(name) === checksum;
  });
}

/**
 * Applies pending migrations; returns the names of those just applied. With
 * `through`, only those up to that one: the database as an earlier release
 * left it (tests/api/upgrades.test.ts).
 */
export async function applyMigrations(
  adapter: SqlMigrationAwareDriverAdapterFactory,
  { through }: { through?: string } = {},
): Promise<string[]> {
  const migrationsList = await listMigrations({ through });
  const output = await withEngine(adapter, (engine) => engine.applyMigrations({ migrationsList, filters: noFilters }));
  return output.appliedMigrationNames;
}

/** Names of migrations in prisma/migrations not yet applied to the database. */
export async function pendingMigrations(adapter: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const migrationsList = await listMigrations();
  const output = await withEngine(adapter, (engine) =>
    engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: noFilters }),
  );
  const history = output.history;
  if (history?.diagnostic === "databaseIsBehind") return history.unappliedMigrationNames;
  return [];
}

/**
 * Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that
 * takes the existing migrations to prisma/schema.prisma. `scratch` must be an
 * empty database: the existing migrations are replayed on it and the result is
 * diffed against the schema (the wasm engine has no shadow database of its
 * own). Returns the folder name, or null when the schema has no changes.
 */
export async function createMigration(
  scratch: SqlMigrationAwareDriverAdapterFactory,
  name: string,
): Promise<string | null> {
  const migrationsList = await listMigrations();
  const schema = await readFile(schemaPath, "utf8");
  const script = await withEngine(scratch, async (engine) => {
    await engine.applyMigrations({ migrationsList, filters: noFilters });
    const result = await engine.diff({
      from: { tag: "schemaDatasource", files: [{ path: schemaPath, content: schema }], configDir: projectRoot },
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
      script: true,
      exitCode: true,
      filters: noFilters,
    });
    return result.exitCode === 2 ? result.stdout : null;
  });
  if (!script) return null;
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const folderName = `${stamp}_${name}`;
  const folder = path.join(migrationsDir, folderName);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "migration.sql"), script);
  if (migrationsList.lockfile.content === null) {
    await writeFile(
      path.join(migrationsDir, "migration_lock.toml"),
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
    );
  }
  return folderName;
}
