// Runs once when the server starts, before it takes requests: bring the
// database schema up to date (DESIGN §1). A failure is logged and the health
// checks then answer 503 rather than the process dying in a loop.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` runs this too; the build must never touch the database.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // Route handlers see each request's TCP peer only through this (the
  // research API's loopback rule, lib/research/browser-guard.ts).
  const { recordPeerAddresses } = await import("@/lib/http/peer-address");
  recordPeerAddresses();
  const { getDatabase } = await import("@/lib/db");
  const { applyMigrations } = await import("@/lib/db/migrate");
  const database = getDatabase();
  try {
    const applied = await applyMigrations(database.migrationAdapter());
    if (applied.length) console.log(`labs: applied migrations ${applied.join(", ")} (${database.kind})`);
  } catch (error) {
    console.error(`labs: could not migrate the ${database.kind} database:`, error);
  }
}
