// What a large attachment upload does to everyone else: one phone scans a
// product every few milliseconds (POST /base-scan/api/scan) while, in a
// second phase, captures with 15 MiB of attachments (3 × 5 MiB) arrive one
// after another. Prints the scan latency without and with the uploads, and
// what the database holds afterwards; asserts nothing.
//
//   npx tsx bench/upload-stall.ts                                   # embedded PGlite
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/upload-stall.ts
import { randomUUID } from "node:crypto";
import { pngOfSize } from "../tests/support/ask-files";
import { percentile, randomEan13, scanCookie, startBenchServer } from "./support";

const UPLOADS = 6;
const FILE_BYTES = 5 * 1024 * 1024;
const PHASE_MS = 8_000;

const bench = await startBenchServer();
const { server } = bench;

/** Scans one after another until `done()`, and the latency of each. */
async function scanUntil(done: () => boolean): Promise<number[]> {
  const timings: number[] = [];
  let cookie: string | undefined;
  while (!done()) {
    const t0 = performance.now();
    const response = await fetch(`${server.url}/base-scan/api/scan`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ value: randomEan13(), format: "ean_13", client_id: randomUUID() }),
    });
    await response.text();
    timings.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`POST scan answered ${response.status}`);
    cookie = scanCookie(response, cookie);
  }
  return timings.sort((a, b) => a - b);
}

async function upload(i: number): Promise<number> {
  const form = new FormData();
  form.set("text", `Bench capture ${i} with three large photos`);
  for (let f = 0; f < 3; f++)
    form.append("attachments", new Blob([new Uint8Array(pngOfSize(FILE_BYTES))]), `photo-${f}.png`);
  const t0 = performance.now();
  const response = await fetch(`${server.url}/api/core-ask/log`, { method: "POST", body: form });
  await response.text();
  if (response.status !== 200) throw new Error(`POST log answered ${response.status}`);
  return performance.now() - t0;
}

const line = (label: string, t: number[]) =>
  `${label}: ${t.length} scans, p50 ${percentile(t, 0.5).toFixed(1)} ms, p99 ${percentile(t, 0.99).toFixed(1)} ms, max ${t.at(-1)!.toFixed(1)} ms`;

try {
  await scanUntil(
    (
      (n) => () =>
        n-- <= 0
    )(50),
  );
  let deadline = performance.now() + PHASE_MS;
  const quiet = await scanUntil(() => performance.now() > deadline);

  let uploading = true;
  const uploadTimes: number[] = [];
  const uploads = (async () => {
    for (let i = 0; i < UPLOADS; i++) uploadTimes.push(await upload(i));
    uploading = false;
  })();
  deadline = performance.now() + PHASE_MS;
  const busy = await scanUntil(() => !uploading && performance.now() > deadline);
  await uploads;

  const { kind } = bench;
  console.log(line(`POST scan on ${kind}, alone`, quiet));
  console.log(line(`POST scan on ${kind}, during ${UPLOADS} uploads of 15 MiB`, busy));
  console.log(
    `uploads: ${uploadTimes.map((t) => t.toFixed(0)).join(", ")} ms; ` +
      `p99 ratio busy/alone ${(percentile(busy, 0.99) / percentile(quiet, 0.99)).toFixed(1)}×, ` +
      `max ratio ${(busy.at(-1)! / quiet.at(-1)!).toFixed(1)}×`,
  );
} finally {
  await bench.stop();
}
