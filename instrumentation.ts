// Runs once when the server starts, before it takes requests: check the
// environment (a clear error and exit rather than a half-working server),
// keep our files private, and bring the database schema up to date
// (docs/decisions/010-migrations-through-wasm-engine.md). A migration failure
// is logged and the health checks then answer 503 rather than the process
// dying in a loop.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` runs this too; the build must never touch the database.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { env, dataDir } = await import("@/lib/env");
  try {
    env();
  } catch (error) {
    console.error(`labs: cannot start. ${(error as Error).message}`);
    process.exit(1);
  }
  const { makePrivateDirectory } = await import("@/lib/private-files.mjs");
  makePrivateDirectory(dataDir());
  // Route handlers see each request's TCP peer only through this
  // (lib/http/client-address.ts).
  const { recordPeerAddresses } = await import("@/lib/http/peer-address");
  recordPeerAddresses();
  const { getDatabase } = await import("@/lib/db");
  const { applyMigrations, migrationsAreCurrent } = await import("@/lib/db/migrate");
  const database = getDatabase();
  try {
    // Most starts find nothing to do: one query says so, and the engine stays unloaded.
    const recorded = await database.prisma.$queryRaw<
      import("@/lib/db/migrate").AppliedMigration[]
    >`SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations`.catch(() => []);
    if (!recorded.length || !(await migrationsAreCurrent(recorded))) {
      const applied = await applyMigrations(database.migrationAdapter());
      if (applied.length) console.log(`labs: applied migrations ${applied.join(", ")} (${database.kind})`);
    }
  } catch (error) {
    console.error(`labs: could not migrate the ${database.kind} database:`, error);
  }
  // Last: the server (scripts/server.mjs) answers the JSON APIs with these
  // before Next's router sees them (lib/http/direct-routes.ts). Until then
  // every request goes to Next, which waits for this function to finish, so
  // none is answered before the schema is current.
  if (env().LABS_DIRECT_ROUTES) {
    const [{ createDirectRoutes, DIRECT_ROUTES }, { routeLoaders }] = await Promise.all([
      import("@/lib/http/direct-routes"),
      import("@/lib/generated/route-loaders"),
    ]);
    (globalThis as Record<symbol, unknown>)[DIRECT_ROUTES] = createDirectRoutes(routeLoaders);
  }
}
