// Measures GET state's work (buildSnapshot) on a research history of 100 000
// observations, 5 000 items, 500 sessions and 5 000 notes, and recordObservation
// throughput with 50 concurrent callers. Prints numbers, asserts nothing.
//
//   npx tsx bench/research-state.ts                        # in-memory PGlite
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/research-state.ts
//     (creates and drops a database of its own on that server)
import { performance } from "node:perf_hooks";
import { createTestDatabase } from "@/tests/support/postgres";

const SIZES = { items: 5_000, sessions: 500, observations: 100_000, notes: 5_000 };
const RUNS = 50;
const OBSERVES = 1_000;
const CONCURRENCY = 50;

async function main() {
  const base = process.env.BENCH_DATABASE_URL;
  const database = base ? await createTestDatabase(base, "bench") : null;
  if (database) process.env.DATABASE_URL = database.url;
  else {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = "memory://";
  }
  // Imported after the environment is set: lib/db reads it on first use.
  const { closeDatabase, db, getDatabase } = await import("@/lib/db");
  const { applyMigrations } = await import("@/lib/db/migrate");
  const { buildSnapshot } = await import("@/lib/research/build-snapshot");
  const { recordObservation } = await import("@/lib/research/record-observation");
  const { observeBody } = await import("@/lib/research/schemas");

  try {
    await applyMigrations(getDatabase().migrationAdapter());
    const prisma = db();
    console.log(`database: ${getDatabase().kind}`);

    let started = performance.now();
    await prisma.$executeRaw`
      INSERT INTO item (name, name_key, category)
      SELECT 'Item ' || g, 'item ' || g, 'cat ' || (g % 20) FROM generate_series(1, ${SIZES.items}) g`;
    await prisma.$executeRaw`
      INSERT INTO research_session (slug, title, context, updated_at)
      SELECT 'session-' || g, 'Session ' || g, 'Context ' || g, now() - (g || ' minutes')::interval
      FROM generate_series(1, ${SIZES.sessions}) g`;
    // Observations spread over 90 days, 20 sources, ~5 % out of stock, ~10 %
    // without a price, prices wandering so there are drops to find.
    await prisma.$executeRaw`
      INSERT INTO observation (br_id, item_id, session_id, source, price, currency, url, availability, observed_at)
      SELECT 'BR-BENCH-' || g,
             1 + (g * 7919) % ${SIZES.items},
             CASE WHEN g % 3 = 0 THEN 1 + g % ${SIZES.sessions} END,
             'shop-' || (g % 20),
             CASE WHEN g % 10 = 0 THEN NULL ELSE round((50 + random() * 450)::numeric, 2) END,
             'EUR',
             'https://shop.example/p/' || g,
             CASE WHEN g % 20 = 0 THEN 'oos' WHEN g % 7 = 0 THEN 'unknown' ELSE 'in_stock' END,
             now() - ((${SIZES.observations} - g) * interval '77 seconds')
      FROM generate_series(1, ${SIZES.observations}) g`;
    await prisma.$executeRaw`
      INSERT INTO note (content, session_slug, created_at)
      SELECT 'Note ' || g, CASE WHEN g % 4 = 0 THEN 'session-' || (g % ${SIZES.sessions}) END,
             now() - (g || ' minutes')::interval
      FROM generate_series(1, ${SIZES.notes}) g`;
    await prisma.$executeRaw`ANALYZE`;
    console.log(`seeded ${JSON.stringify(SIZES)} in ${(performance.now() - started).toFixed(0)} ms`);

    for (let i = 0; i < 3; i++) await buildSnapshot(); // warm-up
    const times: number[] = [];
    let snapshot: Awaited<ReturnType<typeof buildSnapshot>> | undefined;
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      snapshot = await buildSnapshot();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? NaN;
    console.log(
      `buildSnapshot over ${RUNS} runs: p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms`,
    );
    console.log(
      `  sections: recent ${snapshot?.recent.length}, sessions ${snapshot?.sessions.length}, notes ${snapshot?.notes.length}, drops ${snapshot?.drops.length}, oos ${snapshot?.oos.length}; counts ${JSON.stringify(snapshot?.counts)}`,
    );

    // recordObservation with 50 callers at once, half of them on new names.
    let next = 0;
    started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < OBSERVES) {
          const n = next++;
          const input = observeBody.parse({
            item_name: n % 2 ? `Item ${1 + (n % SIZES.items)}` : `Bench new ${n}`,
            source: `shop-${n % 20}`,
            price: "19,99",
            session_slug: `session-${1 + (n % SIZES.sessions)}`,
          });
          await recordObservation({ input });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `recordObservation: ${OBSERVES} with ${CONCURRENCY} concurrent callers in ${seconds.toFixed(2)} s = ${(OBSERVES / seconds).toFixed(0)}/s`,
    );
  } finally {
    await closeDatabase();
    await database?.drop();
  }
}

await main();
