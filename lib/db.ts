import "server-only";
import { makePrivateDirectory } from "@/lib/private-files.mjs";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { pgliteThread, pgliteThreadAdapter } from "@/lib/db/pglite-thread";
import { env } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";

export { aheadOfRequests } from "@/lib/db/pglite-thread";

export type DatabaseKind = "pglite" | "postgresql";

export type Database = {
  kind: DatabaseKind;
  prisma: PrismaClient;
  // The adapter factory the schema engine migrates through (lib/db/migrate.ts).
  // For PGlite it must wrap the same instance: one process owns the directory.
  migrationAdapter: () => SqlMigrationAwareDriverAdapterFactory;
  /** Resolves once the database is open; for PGlite, rejects if its folder cannot be opened. */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

// One database per process. Kept on globalThis so `next dev` reloads reuse it
// instead of opening the PGlite directory twice.
const holder = globalThis as typeof globalThis & { labsDatabase?: Database };

export function getDatabase(): Database {
  holder.labsDatabase ??= openDatabase();
  return holder.labsDatabase;
}

export function db(): PrismaClient {
  return getDatabase().prisma;
}

export async function closeDatabase(): Promise<void> {
  const database = holder.labsDatabase;
  holder.labsDatabase = undefined;
  await database?.close();
}

/**
 * A transaction may wait this long for its turn, and run this long. Prisma's
 * 2 s wait is too short for PGlite, whose one connection runs one
 * transaction at a time: a busy moment queues short ones (a todo and its
 * event, decision 022) behind others, and they would fail rather than wait.
 */
const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

/**
 * A database of its own, by the settings `npm start` reads (getDatabase's is
 * the process's one, from the environment); a tool or test that needs another
 * opens it here and closes it when done.
 */
export function openDatabase(
  { DATABASE_URL, PGLITE_DIR }: { DATABASE_URL?: string; PGLITE_DIR: string } = env(),
): Database {
  if (DATABASE_URL) {
    const adapter = new PrismaPg({ connectionString: DATABASE_URL });
    const prisma = new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS });
    return {
      kind: "postgresql",
      prisma,
      migrationAdapter: () => wholeScriptMigrations(new PrismaPg(catalogSafePool(DATABASE_URL))),
      // A PostgreSQL that does not answer is waited for: the health checks say so meanwhile.
      ready: () => Promise.resolve(),
      close: () => prisma.$disconnect(),
    };
  }
  const onDisk = !PGLITE_DIR.startsWith("memory://");
  // PGlite works in a thread of its own (lib/db/pglite-thread.ts): opening it
  // and running queries take nothing from the thread that answers requests.
  const thread = pgliteThread(PGLITE_DIR);
  // PGlite unpacks a new database with open modes (0666) whatever the umask;
  // files it makes later follow the umask (set at start, server/main.ts).
  // Close what it unpacked once it is ready.
  if (onDisk)
    void thread.ready().then(
      () => makePrivateDirectory(PGLITE_DIR),
      () => undefined,
    );
  const adapter = pgliteThreadAdapter(thread);
  const prisma = new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS });
  return {
    kind: "pglite",
    prisma,
    migrationAdapter: () => adapter,
    ready: () => thread.ready(),
    close: async () => {
      await prisma.$disconnect();
      await thread.close();
    },
  };
}

// The schema engine's catalog queries return Postgres' internal "char" type
// (OID 18), which @prisma/adapter-pg cannot deserialize. Reporting those
// columns as text (OID 25) is enough; this pool serves the engine only.
function catalogSafePool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 2 });
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult | undefined>;
  pool.query = (async (...args: unknown[]) => {
    const result = await query(...args);
    for (const field of result?.fields ?? []) {
      if (field.dataTypeID === 18) field.dataTypeID = 25;
    }
    return result;
  }) as typeof pool.query;
  return pool;
}

// @prisma/adapter-pg runs a migration script by splitting it on every ";" (in
// comments, strings and function bodies too) and sending the pieces one by one,
// each on any pooled connection, outside a transaction. Prisma's native engine
// sends the script whole, which PostgreSQL runs as one implicit transaction: do
// the same. A query without parameters goes over the simple protocol, which
// takes many statements; errors keep the adapter's own mapping.
function wholeScriptMigrations(factory: PrismaPg): SqlMigrationAwareDriverAdapterFactory {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    adapter.executeScript = async (script) => {
      await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
    };
    return adapter;
  };
  return factory;
}
