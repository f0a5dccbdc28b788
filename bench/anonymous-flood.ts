// Does one anonymous client at its limit slow everyone else down? Ten phones,
// each its own anonymous client and well within the limit (a scan every
// 1.5 s), scan products with POST /base-scan/api/scan; in the second phase
// one more client floods the same route from one address over 8 connections
// and is answered 429 past ANON_RATE_LIMIT (60 a minute). Prints the phones'
// latency alone, beside the flood while it spends its burst of 60 and then
// at its limit, and the ratios of their p99; asserts nothing.
//
//   npx tsx bench/anonymous-flood.ts                                   # embedded PGlite
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/anonymous-flood.ts
import { randomUUID } from "node:crypto";
import { percentile, randomEan13, scanCookie, startBenchServer } from "./support";

const PHONES = 10;
const PHONE_INTERVAL_MS = 1500;
const FLOOD_CONNECTIONS = 8;
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 30_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The bench plays every client through X-Forwarded-For, as a proxy would.
const bench = await startBenchServer({ TRUSTED_PROXIES: "loopback" });
const { server } = bench;

async function scan(client: string, cookie?: string) {
  const t0 = performance.now();
  const response = await fetch(`${server.url}/base-scan/api/scan`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ value: randomEan13(), format: "ean_13", client_id: randomUUID() }),
  });
  await response.text();
  return {
    ms: performance.now() - t0,
    status: response.status,
    cookie: scanCookie(response, cookie),
  };
}

type Timing = { at: number; ms: number };

/** The ten phones for one phase: when each scan started and how long it took; a refusal would be a bug in the bench. */
async function phones(phase: number, until: number): Promise<Timing[]> {
  const timings: Timing[] = [];
  await Promise.all(
    Array.from({ length: PHONES }, async (_, p) => {
      const client = `198.51.${phase}.${p + 1}`;
      let cookie: string | undefined;
      await sleep((p * PHONE_INTERVAL_MS) / PHONES);
      while (performance.now() < until) {
        const at = performance.now();
        const result = await scan(client, cookie);
        if (result.status !== 200) throw new Error(`a phone within its limit got ${result.status}`);
        cookie = result.cookie;
        timings.push({ at, ms: result.ms });
        await sleep(Math.max(0, PHONE_INTERVAL_MS - result.ms));
      }
    }),
  );
  return timings;
}

const sorted = (timings: Timing[]) => timings.map((t) => t.ms).sort((a, b) => a - b);

const line = (label: string, t: number[]) =>
  `${label}: ${t.length} scans, p50 ${percentile(t, 0.5).toFixed(1)} ms, p99 ${percentile(t, 0.99).toFixed(1)} ms, max ${t.at(-1)!.toFixed(1)} ms`;

try {
  for (let i = 0; i < 30; i++) await scan(`203.0.113.${i + 1}`);
  const quiet = sorted(await phones(1, performance.now() + PHASE_MS));

  const until = performance.now() + PHASE_MS;
  // The flooder's first refusal: before it, it was spending its burst, as the limit allows.
  const flood = { sent: 0, refused: 0, limitedAt: Infinity };
  const flooding = Promise.all(
    Array.from({ length: FLOOD_CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const result = await scan("192.0.2.66");
        flood.sent += 1;
        if (result.status === 429) {
          flood.refused += 1;
          flood.limitedAt = Math.min(flood.limitedAt, performance.now() - result.ms);
        }
      }
    }),
  );
  const beside = await phones(2, until);
  await flooding;
  const busy = sorted(beside);
  const atLimit = sorted(beside.filter((t) => t.at > flood.limitedAt));

  const { kind } = bench;
  console.log(line(`POST scan on ${kind}, ${PHONES} phones alone`, quiet));
  console.log(line(`POST scan on ${kind}, ${PHONES} phones beside the flood, its burst included`, busy));
  console.log(line(`POST scan on ${kind}, ${PHONES} phones beside the flood at its limit`, atLimit));
  console.log(
    `flood: ${flood.sent} requests in ${PHASE_MS / 1000} s over ${FLOOD_CONNECTIONS} connections, ${flood.refused} refused (429); ` +
      `phones' p99 beside it / alone: ${(percentile(busy, 0.99) / percentile(quiet, 0.99)).toFixed(2)}× with its burst, ` +
      `${(percentile(atLimit, 0.99) / percentile(quiet, 0.99)).toFixed(2)}× at its limit`,
  );
} finally {
  await bench.stop();
}
