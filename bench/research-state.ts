// Measures GET state on a research history of 100 000 observations, 5 000
// items, 500 sessions and 5 000 notes, the same snapshot read through the MCP
// door (research_snapshot) beside it, and POST observe throughput with 50
// concurrent clients. One observation in ten is a stranger's, which the
// snapshot's drops leave out by default; the worst case, every observation a
// stranger's, is measured too. Prints numbers, asserts nothing.
//
//   npx tsx bench/research-state.ts                        # PGlite (in a temporary directory)
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/research-state.ts
//     (creates and drops a database of its own on that server)
//   BENCH_HTTP=0 …                                         # in-process part only (no build, no server)
//
// Two parts: in process (buildSnapshot / recordObservation straight on the
// database, CPU time included, which stays meaningful on a busy machine), then
// over HTTP against a production server (the built server/main.ts) opened on the same data.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildIfNeeded } from "@/scripts/build-if-needed.mjs";
import { connectMcp } from "@/tests/support/mcp-client";
import { sealOperatorSession } from "@/tests/support/operator-seal";
import { createTestDatabase } from "@/tests/support/postgres";
import { startServer } from "@/tests/support/server";
import { camelize } from "@/lib/http/wire";

const SIZES = { items: 5_000, sessions: 500, observations: 100_000, notes: 5_000 };
const RUNS = 100;
const OBSERVES = 1_000;
const CONCURRENCY = 50;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

function summary(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `${label} over ${times.length} runs: p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}`;
}

/** `count` calls of `call(n)` from `concurrency` workers; per-call latencies. */
async function concurrently(count: number, concurrency: number, call: (n: number) => Promise<void>) {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        const t = performance.now();
        await call(n);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies };
}

// Half the observes name an existing item, half a new one; all join a session.
const observeInput = (n: number) => ({
  item_name: n % 2 ? `Item ${1 + (n % SIZES.items)}` : `Bench new ${n}`,
  source: `shop-${n % 20}`,
  price: "19,99",
  session_slug: `session-${1 + (n % SIZES.sessions)}`,
});

async function main() {
  const base = process.env.BENCH_DATABASE_URL;
  const database = base ? await createTestDatabase(base, "bench") : null;
  // PGlite on disk, as it runs by default, so the server can open it after us.
  const pgliteDir = database ? null : mkdtempSync(path.join(tmpdir(), "labs-bench-"));
  const serverEnv = database ? { DATABASE_URL: database.url } : { PGLITE_DIR: pgliteDir ?? "" };
  Object.assign(process.env, serverEnv);
  if (!database) delete process.env.DATABASE_URL;
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
    // without a price, prices wandering so there are drops to find; 10 % of
    // them strangers'.
    await prisma.$executeRaw`
      INSERT INTO observation (br_id, item_id, session_id, source, price, currency, url, availability, origin, observed_at)
      SELECT 'BR-BENCH-' || g,
             1 + (g * 7919) % ${SIZES.items},
             CASE WHEN g % 3 = 0 THEN 1 + g % ${SIZES.sessions} END,
             'shop-' || (g % 20),
             CASE WHEN g % 10 = 0 THEN NULL ELSE round((50 + random() * 450)::numeric, 2) END,
             'EUR',
             'https://shop.example/p/' || g,
             CASE WHEN g % 20 = 0 THEN 'oos' WHEN g % 7 = 0 THEN 'unknown' ELSE 'in_stock' END,
             CASE WHEN g % 10 = 5 THEN 'anonymous' ELSE 'key:agent' END,
             now() - ((${SIZES.observations} - g) * interval '77 seconds')
      FROM generate_series(1, ${SIZES.observations}) g`;
    await prisma.$executeRaw`
      INSERT INTO note (content, session_slug, created_at)
      SELECT 'Note ' || g, CASE WHEN g % 4 = 0 THEN 'session-' || (g % ${SIZES.sessions}) END,
             now() - (g || ' minutes')::interval
      FROM generate_series(1, ${SIZES.notes}) g`;
    await prisma.$executeRaw`ANALYZE`;
    console.log(`seeded ${JSON.stringify(SIZES)} in ${(performance.now() - started).toFixed(0)} ms`);

    console.log("in process:");
    for (let i = 0; i < 5; i++) await buildSnapshot(); // warm-up
    const times: number[] = [];
    let snapshot: Awaited<ReturnType<typeof buildSnapshot>> | undefined;
    const cpu = process.cpuUsage();
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      snapshot = await buildSnapshot();
      times.push(performance.now() - started);
    }
    const used = process.cpuUsage(cpu);
    console.log(`  ${summary("buildSnapshot", times)}; CPU ${ms((used.user + used.system) / 1000 / RUNS)} per run`);
    console.log(
      `  sections: recent ${snapshot?.recent.length}, sessions ${snapshot?.sessions.length}, notes ${snapshot?.notes.length}, drops ${snapshot?.drops.length}, oos ${snapshot?.oos.length}; counts ${JSON.stringify(snapshot?.counts)}`,
    );

    const inProcess = await concurrently(OBSERVES, CONCURRENCY, async (n) => {
      await recordObservation({ origin: { kind: "local" }, input: camelize(observeBody.parse(observeInput(n))) });
    });
    console.log(
      `  recordObservation: ${OBSERVES} by ${CONCURRENCY} concurrent callers in ${inProcess.seconds.toFixed(2)} s = ${(OBSERVES / inProcess.seconds).toFixed(0)}/s`,
    );

    // The worst case for the drops walk with RESEARCH_ANON_DROPS off: every
    // observation a stranger's, so it reads them all and finds no drop.
    await prisma.$executeRaw`UPDATE observation SET origin = 'anonymous'`;
    await prisma.$executeRaw`VACUUM ANALYZE observation`;
    const worst: number[] = [];
    for (let i = 0; i < 20; i++) {
      started = performance.now();
      await buildSnapshot({ anonymousDrops: false });
      worst.push(performance.now() - started);
    }
    console.log(`  ${summary("buildSnapshot, every observation a stranger's", worst)}`);
    await prisma.$executeRaw`
      UPDATE observation SET origin = CASE WHEN id % 10 = 5 THEN 'anonymous' ELSE 'key:agent' END`;
    await prisma.$executeRaw`VACUUM ANALYZE observation`;
  } finally {
    // The server below opens the same data; PGlite allows one process.
    await closeDatabase();
  }

  try {
    if (process.env.BENCH_HTTP === "0") return;
    await buildIfNeeded();
    // Answers are not checked against their schemas here, as in production.
    const server = await startServer({ ...serverEnv, LABS_CHECK_RESPONSES: "0" });
    try {
      console.log("over HTTP (production server):");
      const state = async () => {
        const response = await fetch(`${server.url}/base-research/api/state`);
        if (response.status !== 200) throw new Error(`GET state answered ${response.status}`);
        await response.arrayBuffer();
      };
      for (let i = 0; i < 5; i++) await state(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await state();
        times.push(performance.now() - t);
      }
      console.log(`  ${summary("GET state", times)}`);
      await compareMcp(server.url);

      const posted = await concurrently(OBSERVES, CONCURRENCY, async (n) => {
        const response = await fetch(`${server.url}/base-research/api/observe`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(observeInput(OBSERVES + n)),
        });
        if (response.status !== 200) throw new Error(`POST observe answered ${response.status}`);
        await response.arrayBuffer();
      });
      const sorted = [...posted.latencies].sort((a, b) => a - b);
      console.log(
        `  POST observe: ${OBSERVES} by ${CONCURRENCY} concurrent clients in ${posted.seconds.toFixed(2)} s = ${(OBSERVES / posted.seconds).toFixed(0)}/s (latency p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))})`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await database?.drop();
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  }
}

/**
 * research_snapshot through the MCP door (the official SDK's client, as an
 * agent calls it) beside GET state with the same key, alternating so both
 * see the same machine: the ratio is what the MCP layer costs.
 */
async function compareMcp(url: string) {
  const minted = await fetch(`${url}/labs/api/keys`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `labs_op=${await sealOperatorSession()}` },
    body: JSON.stringify({ name: "bench agent", plan: "pro", scopes: ["research"] }),
  });
  const { key } = (await minted.json()) as { key: string };
  const client = await connectMcp(url, key);
  const viaJson = async () => {
    const response = await fetch(`${url}/base-research/api/state`, { headers: { authorization: `Bearer ${key}` } });
    if (response.status !== 200) throw new Error(`GET state answered ${response.status}`);
    await response.arrayBuffer();
  };
  const viaMcp = async () => {
    const result = await client.callTool({ name: "research_snapshot", arguments: {} });
    if (result.isError) throw new Error(`research_snapshot failed: ${JSON.stringify(result.content)}`);
  };
  for (let i = 0; i < 5; i++) await Promise.all([viaJson(), viaMcp()]); // warm-up
  const json: number[] = [];
  const mcp: number[] = [];
  // A pro key allows 600 requests a minute; 2 × RUNS stay well inside it.
  for (let i = 0; i < RUNS; i++) {
    for (const [call, times] of i % 2
      ? [[viaJson, json] as const, [viaMcp, mcp] as const]
      : [[viaMcp, mcp] as const, [viaJson, json] as const]) {
      const t = performance.now();
      await call();
      times.push(performance.now() - t);
    }
  }
  await client.close();
  const p = (times: number[], q: number) =>
    percentile(
      [...times].sort((a, b) => a - b),
      q,
    );
  console.log(`  ${summary("GET state with a key", json)}`);
  console.log(`  ${summary("MCP research_snapshot", mcp)}`);
  console.log(
    `  MCP / JSON: p50 ${(p(mcp, 50) / p(json, 50)).toFixed(2)}×, p99 ${(p(mcp, 99) / p(json, 99)).toFixed(2)}× (target ≤ 1.5×)`,
  );
}

await main();
