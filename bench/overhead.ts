// npx tsx bench/overhead.ts — what the app costs over its own domain code.
// One run starts the app (the built server/main.ts, as `npm start` does) and the bare server
// (bench/bare-server.ts: the same lib/ functions and database behind
// node:http), each on a fresh database of the same kind, and loads both the
// same way: 50 concurrent clients for a few seconds per operation, twice,
// alternating. Prints req/s, p50 and p99 of each and the ratios app/bare.
// PGlite in memory by default; BENCH_DATABASE_URL=postgresql://… for PostgreSQL;
// BENCH_ONLY=healthz (or scan, observe, claim) for one operation.
// Nothing asserts on the numbers.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sealOperatorSession } from "../tests/support/operator-seal";
import { createTestDatabase } from "../tests/support/postgres";
import { freePort } from "../tests/support/server";
import { percentile, randomEan13, startBenchServer } from "./support";

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 2;
/** BENCH_ONLY=healthz: only the operations whose name contains it (case ignored). */
const ONLY = process.env.BENCH_ONLY?.toLowerCase();

type Result = { rate: number; p50: number; p99: number; errors: number };
type Call = (n: number) => Promise<Response>;

/** `CLIENTS` workers calling `call` until `SECONDS` have passed. */
async function load(call: Call): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const response = await call(n++);
        await response.arrayBuffer();
        if (!response.ok && response.status !== 409) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rate: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
  };
}

async function startBare(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.resolve("bench/bare-server.ts")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PGLITE_DIR: "memory://",
      DATABASE_URL: undefined,
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("bare server on") && resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => (child.once("exit", () => resolve()), child.kill("SIGTERM"))),
  };
}

const json = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

async function seedQueue(logUrl: string, count: number, headers: Record<string, string> = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, async (_, i) => {
        const response = await json(logUrl, { text: `Bench todo ${start + i}`, priority: 1 }, headers);
        const body = (await response.json()) as { id?: number; result?: { id: number } };
        return body.id ?? body.result!.id;
      }),
    );
    ids.push(...batch);
  }
  return ids;
}

const base = process.env.BENCH_DATABASE_URL;
const bareDatabase = base ? await createTestDatabase(base, "bare") : null;
const app = await startBenchServer();
const bare = await startBare(bareDatabase ? { DATABASE_URL: bareDatabase.url } : {});
const operator = { cookie: `labs_op=${await sealOperatorSession()}` };
console.log(`database: ${app.kind}; ${CLIENTS} clients, ${SECONDS} s per operation, ${ROUNDS} rounds`);

try {
  const queueSize = Math.ceil(SECONDS * 1500 * ROUNDS);
  const appQueue = await seedQueue(`${app.server.url}/api/core-ask/log`, queueSize, operator);
  const bareQueue = await seedQueue(`${bare.url}/log`, queueSize);
  let appNext = 0;
  let bareNext = 0;
  const observe = (n: number) => ({ item_name: `Bench item ${n % 500}`, source: `shop-${n % 20}`, price: "19,99" });

  const operations: { name: string; app: Call; bare: Call }[] = [
    {
      name: "GET healthz",
      app: () => fetch(`${app.server.url}/labs/healthz`),
      bare: () => fetch(`${bare.url}/healthz`),
    },
    {
      name: "POST scan (new session each)",
      app: () => json(`${app.server.url}/base-scan/api/scan`, { value: randomEan13() }),
      bare: () => json(`${bare.url}/scan`, { value: randomEan13() }),
    },
    {
      name: "POST observe",
      app: (n) => json(`${app.server.url}/base-research/api/observe`, observe(n)),
      bare: (n) => json(`${bare.url}/observe`, observe(n)),
    },
    {
      name: "POST claim (50 agents working the queue)",
      app: (n) =>
        json(
          `${app.server.url}/api/core-ask/${appQueue[appNext++ % appQueue.length]}/claim`,
          { agent: `a${n % 50}` },
          operator,
        ),
      bare: (n) => json(`${bare.url}/claim`, { id: bareQueue[bareNext++ % bareQueue.length], agent: `a${n % 50}` }),
    },
  ];

  const results = new Map<string, { app: Result[]; bare: Result[] }>();
  let insert: Result[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const operation of operations.filter(({ name }) => !ONLY || name.toLowerCase().includes(ONLY))) {
      const entry = results.get(operation.name) ?? { app: [], bare: [] };
      entry.app.push(await load(operation.app));
      entry.bare.push(await load(operation.bare));
      results.set(operation.name, entry);
    }
    insert = [...insert, await load(() => json(`${bare.url}/insert`, { value: randomEan13() }))];
  }

  const show = (r: Result) =>
    `${r.rate.toFixed(0)}/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${r.errors ? `, ${r.errors} errors` : ""}`;
  const best = (list: Result[]) => list.reduce((a, b) => (b.rate > a.rate ? b : a));
  for (const [name, { app: appRuns, bare: bareRuns }] of results) {
    console.log(`${name}`);
    appRuns.forEach((r, i) => console.log(`  app  #${i + 1}: ${show(r)}   bare #${i + 1}: ${show(bareRuns[i]!)}`));
    console.log(`  app / bare throughput: ${(best(appRuns).rate / best(bareRuns).rate).toFixed(2)}`);
  }
  console.log(`one scan row insert through Prisma (bare)`);
  insert.forEach((r, i) => console.log(`  #${i + 1}: ${show(r)}`));
  const scanRuns = results.get("POST scan (new session each)")?.app;
  if (scanRuns) {
    const scan = best(scanRuns);
    console.log(
      `POST scan (app) / single insert (bare) throughput: ${(scan.rate / best(insert).rate).toFixed(2)}; app scan p99/p50 ${(scan.p99 / scan.p50).toFixed(1)}`,
    );
  }
} finally {
  await bare.stop();
  await app.stop();
  await bareDatabase?.drop();
}
