// npx tsx bench/healthz.ts — latency of GET /labs/healthz (one real database
// round trip) on a production server, 50 concurrent clients. Prints numbers;
// nothing asserts on them.
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";
import { startServer } from "../tests/support/server";

const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 40;

await buildIfNeeded();
const server = await startServer(
  process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { PGLITE_DIR: "memory://" },
);
try {
  const timings: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < REQUESTS_PER_CLIENT; i++) {
        const t0 = performance.now();
        const response = await fetch(`${server.url}/labs/healthz`);
        await response.arrayBuffer();
        timings.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(1);
  console.log(
    `healthz on ${process.env.DATABASE_URL ? "postgresql" : "pglite"}: ${timings.length} requests, ` +
      `${(timings.length / seconds).toFixed(0)} req/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
} finally {
  await server.stop();
}
