// The ask service under load on a production server (server/main.ts, built), 50
// concurrent clients. Prints numbers, asserts nothing.
//   1. POST /api/core-ask/log throughput: 10 000 JSON todos (they also seed step 2),
//      then 500 multipart logs with a 100 KiB image each
//   2. GET /api/core-ask/pending with 10 000 todos (limit 100 and 1000)
//   3. claim latency with 50 concurrent agents: each takes todos off the
//      pending list (409s when two pick the same one), and 50 agents racing
//      for one todo at a time
//
//   npx tsx bench/ask.ts                                         # in-memory PGlite
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/ask.ts
//     (creates and drops a database of its own on that server)
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";
import { pngOfSize } from "../tests/support/ask-files";
import { sealOperatorSession } from "../tests/support/operator-seal";
import { createTestDatabase } from "../tests/support/postgres";
import { startServer } from "../tests/support/server";

const CLIENTS = 50;
const TODOS = 10_000;
const MULTIPART_LOGS = 500;
const CLAIMS_PER_AGENT = 20;
const CONTENDED_ROUNDS = 20;

function stats(label: string, timings: number[], seconds?: number) {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  const rate = seconds ? `, ${(timings.length / seconds).toFixed(0)}/s` : "";
  console.log(
    `${label}: ${timings.length} requests${rate}, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
}

async function timed(fn: () => Promise<Response>): Promise<{ ms: number; response: Response }> {
  const t0 = performance.now();
  const response = await fn();
  await response.arrayBuffer();
  return { ms: performance.now() - t0, response };
}

/** Runs `total` jobs on `CLIENTS` workers; returns the timings and the wall time. */
async function pool(total: number, job: (n: number) => Promise<number>) {
  const timings: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < total) timings.push(await job(next++));
    }),
  );
  return { timings, seconds: (performance.now() - started) / 1000 };
}

await buildIfNeeded();
const base = process.env.BENCH_DATABASE_URL;
const database = base ? await createTestDatabase(base, "askbench") : null;
const server = await startServer(
  database
    ? { DATABASE_URL: database.url, LABS_CHECK_RESPONSES: "0" }
    : { PGLITE_DIR: "memory://", LABS_CHECK_RESPONSES: "0" },
);
const cookie = `labs_op=${await sealOperatorSession()}`;
const json = { "content-type": "application/json" };
console.log(`ask bench on ${database ? "postgresql" : "pglite"}, ${CLIENTS} concurrent clients`);

try {
  // 1. log throughput
  const logs = await pool(TODOS, async (n) => {
    const { ms, response } = await timed(() =>
      fetch(`${server.url}/api/core-ask/log`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          text: `Bench todo ${n}: please look at the shopping list sorting`,
          priority: (n % 8) - 2,
          source: "ask-quick",
          page_url: "/base-scan/",
          page_context: { path: "/base-scan/", viewport: { width: 412, height: 915 }, user_agent: "bench" },
        }),
      }),
    );
    if (response.status !== 200) throw new Error(`log answered ${response.status}`);
    return ms;
  });
  stats("POST /api/core-ask/log (JSON)", logs.timings, logs.seconds);

  const image = pngOfSize(100 * 1024);
  const uploads = await pool(MULTIPART_LOGS, async (n) => {
    const form = new FormData();
    form.append("text", `Bench upload ${n}`);
    form.append("priority", "-2");
    form.append("attachments", new Blob([new Uint8Array(image)], { type: "image/png" }), "screen.png");
    const { ms, response } = await timed(() => fetch(`${server.url}/api/core-ask/log`, { method: "POST", body: form }));
    if (response.status !== 200) throw new Error(`multipart log answered ${response.status}`);
    return ms;
  });
  stats("POST /api/core-ask/log (multipart, 100 KiB image)", uploads.timings, uploads.seconds);

  // 2. pending with 10 000+ todos
  for (const limit of [100, 1000]) {
    const timings: number[] = [];
    for (let i = 0; i < 50; i++) {
      const { ms, response } = await timed(() =>
        fetch(`${server.url}/api/core-ask/pending?limit=${limit}`, { headers: { cookie } }),
      );
      if (response.status !== 200) throw new Error(`pending answered ${response.status}`);
      timings.push(ms);
    }
    stats(`GET /api/core-ask/pending?limit=${limit} with ${TODOS + MULTIPART_LOGS} todos, one client`, timings);
  }
  const pendingLoad = await pool(500, async () => {
    const { ms } = await timed(() => fetch(`${server.url}/api/core-ask/pending`, { headers: { cookie } }));
    return ms;
  });
  stats("GET /api/core-ask/pending (limit 100), 50 clients", pendingLoad.timings, pendingLoad.seconds);

  // 3a. 50 agents working the queue: list, claim one (a 409 means another agent was faster)
  const claimTimings: number[] = [];
  let won = 0;
  let lost = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, agent) => {
      for (let i = 0; i < CLAIMS_PER_AGENT; i++) {
        const list = await fetch(`${server.url}/api/core-ask/pending?limit=50`, { headers: { cookie } });
        const { todos } = (await list.json()) as { todos: { id: number }[] };
        const pick = todos[Math.floor(Math.random() * todos.length)];
        if (!pick) break;
        const { ms, response } = await timed(() =>
          fetch(`${server.url}/api/core-ask/${pick.id}/claim`, {
            method: "POST",
            headers: { ...json, cookie },
            body: JSON.stringify({ agent: `agent-${agent}` }),
          }),
        );
        claimTimings.push(ms);
        if (response.status === 200) won++;
        else if (response.status === 409) lost++;
        else throw new Error(`claim answered ${response.status}`);
      }
    }),
  );
  stats(
    `claim, 50 agents working the queue (${won} won, ${lost} × 409)`,
    claimTimings,
    (performance.now() - started) / 1000,
  );

  // 3b. 50 agents racing for the same todo, round after round
  const raceTimings: number[] = [];
  for (let round = 0; round < CONTENDED_ROUNDS; round++) {
    const created = await fetch(`${server.url}/api/core-ask/log`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ text: `race ${round}`, priority: 5 }),
    });
    const { id } = (await created.json()) as { id: number };
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, agent) => {
        const { ms, response } = await timed(() =>
          fetch(`${server.url}/api/core-ask/${id}/claim`, {
            method: "POST",
            headers: { ...json, cookie },
            body: JSON.stringify({ agent: `racer-${agent}` }),
          }),
        );
        raceTimings.push(ms);
        return response.status;
      }),
    );
    const winners = answers.filter((status) => status === 200).length;
    if (winners !== 1) throw new Error(`round ${round}: ${winners} winners`);
  }
  stats(`claim, 50 agents racing for one todo × ${CONTENDED_ROUNDS} rounds (1 winner each)`, raceTimings);
} finally {
  await server.stop();
  await database?.drop();
}
