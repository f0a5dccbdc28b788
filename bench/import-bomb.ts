// What hostile wallet imports do to everyone else: twenty anonymous imports
// at once, of files built to make the server work (zip bombs that declare
// little or the most allowed and inflate to 2 GiB, a Catima export of 2 MiB of
// cards, a CSV of 2 MiB of empty lines, a zip of 5000 entries), while
// GET /labs/healthz is asked one request after another until the last is
// answered. Prints the health check's latency alone and during the imports,
// their ratio, and the longest the server's event loop was held in each
// phase, measured inside the server by bench/event-loop-probe.mjs (a
// preload only this bench loads; the app exposes nothing). Asserts nothing.
//
//   npx tsx bench/import-bomb.ts                                   # embedded PGlite
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/import-bomb.ts
import path from "node:path";
import { deflatedZeros, zipOf, zipOfDeflated } from "../tests/support/zip-files";
import { percentile, startBenchServer } from "./support";

const MIB = 1024 * 1024;
const IMPORTS = 20;
const ALONE = 300;

const endlessCatima = () => {
  const row = "1,Lidl,5601234567890\r\n";
  const head = "2\r\n\r\n_id\r\n\r\n_id,store,cardid\r\n";
  return zipOf({ "catima.csv": head + row.repeat(Math.floor((2 * MIB - head.length) / row.length)) });
};
const manyEntries = () =>
  zipOf({
    ...Object.fromEntries(Array.from({ length: 4998 }, (_, i) => [`card_${i}_front.png`, new Uint8Array(1)])),
    "catima.csv": "2\r\n",
    "../escape": "x",
  });

const HOSTILE: [string, Uint8Array][] = [
  ["bomb declaring 100 B", zipOfDeflated("catima.csv", deflatedZeros(2048), { size: 100 })],
  ["bomb declaring 2 MiB", zipOfDeflated("catima.csv", deflatedZeros(2048), { size: 2 * MIB })],
  ["Catima export of 2 MiB of cards", endlessCatima()],
  ["CSV of 2 MiB of empty lines", new TextEncoder().encode("\n".repeat(2 * MIB))],
  ["zip of 5000 entries", manyEntries()],
];

// Every import comes from an anonymous client of its own, through a proxy.
const bench = await startBenchServer({
  TRUSTED_PROXIES: "loopback",
  NODE_OPTIONS: `--import=${path.resolve("bench/event-loop-probe.mjs")}`,
});
const { server } = bench;

/** The server's event-loop delay since the last call, from its probe's answer to SIGUSR2. */
async function loopDelay(): Promise<{ max: number; p99: number; p50: number }> {
  const before = server.output().length;
  process.kill(server.pid, "SIGUSR2");
  for (;;) {
    const line = /event-loop-delay (\{.*\})/.exec(server.output().slice(before));
    if (line) return JSON.parse(line[1]!);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function healthz(): Promise<number> {
  const t0 = performance.now();
  const response = await fetch(`${server.url}/labs/healthz`);
  await response.text();
  if (response.status !== 200) throw new Error(`healthz answered ${response.status}`);
  return performance.now() - t0;
}

async function hostileImport(i: number): Promise<{ kind: string; status: number; ms: number }> {
  const [kind, file] = HOSTILE[i % HOSTILE.length]!;
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file)]), "wallet");
  const t0 = performance.now();
  const response = await fetch(`${server.url}/base-scan/api/import`, {
    method: "POST",
    headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
    body: form,
  });
  await response.text();
  return { kind, status: response.status, ms: performance.now() - t0 };
}

const line = (label: string, t: number[]) =>
  `${label}: ${t.length} requests, p50 ${percentile(t, 0.5).toFixed(1)} ms, p99 ${percentile(t, 0.99).toFixed(1)} ms, max ${t.at(-1)!.toFixed(1)} ms`;

try {
  // Warm: every route and every reading path run once.
  for (let i = 0; i < 20; i++) await healthz();
  for (let i = 0; i < HOSTILE.length; i++) await hostileImport(100 + i);

  await loopDelay();
  const alone: number[] = [];
  for (let i = 0; i < ALONE; i++) alone.push(await healthz());
  const aloneDelay = await loopDelay();

  let pending = IMPORTS;
  const imports = Promise.all(Array.from({ length: IMPORTS }, (_, i) => hostileImport(i).finally(() => pending--)));
  const busy: number[] = [];
  while (pending > 0) busy.push(await healthz());
  const answers = await imports;
  const busyDelay = await loopDelay();

  alone.sort((a, b) => a - b);
  busy.sort((a, b) => a - b);
  const { kind } = bench;
  console.log(line(`GET /labs/healthz on ${kind}, alone`, alone));
  console.log(line(`GET /labs/healthz on ${kind}, during ${IMPORTS} hostile imports`, busy));
  console.log(
    `healthz ratio busy/alone: p99 ${(percentile(busy, 0.99) / percentile(alone, 0.99)).toFixed(1)}×, ` +
      `max ${(busy.at(-1)! / alone.at(-1)!).toFixed(1)}×`,
  );
  console.log(
    `server event-loop delay: alone max ${aloneDelay.max} ms (p99 ${aloneDelay.p99}); ` +
      `during the imports max ${busyDelay.max} ms (p99 ${busyDelay.p99}); ratio of max ${(busyDelay.max / aloneDelay.max).toFixed(1)}×`,
  );
  for (const [name] of HOSTILE) {
    const mine = answers.filter((answer) => answer.kind === name);
    console.log(
      `  ${name}: answered ${[...new Set(mine.map((a) => a.status))].join("/")} ` +
        `in ${Math.max(...mine.map((a) => a.ms)).toFixed(0)} ms at most`,
    );
  }
} finally {
  await bench.stop();
}
