// POST /base-scan/api/scan under load: 50 concurrent phones against a real
// production server (the built server/main.ts), each with its own scan session, sending
// the mix a shop trip produces (mostly product barcodes, some QR codes and
// faturas), every scan with a client_id as the offline queue sends it, and a
// share of resends. Prints throughput and latency; asserts nothing.
//
//   npx tsx bench/scan-api.ts                                   # embedded PGlite
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/scan-api.ts
//     (creates and drops a database of its own on that server)
import { randomUUID } from "node:crypto";
import { percentile, randomEan13, scanCookie, startBenchServer } from "./support";

const CLIENTS = 50;
const SCANS_PER_CLIENT = 40;
const WARM_UP = 50;
const PEOPLE = 5;
/** One scan in ten is sent twice (answer lost, two tabs): the resend must be cheap. */
const RESEND_SHARE = 0.1;

function nextScan(i: number) {
  if (i % 10 === 8) return { value: `https://example.com/p/${randomUUID()}`, format: "qr_code" };
  if (i % 10 === 9) {
    return {
      value: `A:500000000*B:999999990*C:PT*D:FS*E:N*F:20240101*G:FS A/${i}*H:0*I1:PT*I7:10.00*I8:2.30*N:2.30*O:12.30*Q:ab*R:1`,
      format: "qr_code",
    };
  }
  return { value: randomEan13(), format: "ean_13" };
}

const bench = await startBenchServer();
const { server } = bench;
const post = async (body: unknown, cookie?: string) => {
  const response = await fetch(`${server.url}/base-scan/api/scan`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST scan answered ${response.status}: ${text}`);
  return { cookie: scanCookie(response) };
};

try {
  for (let p = 0; p < PEOPLE; p++) {
    await fetch(`${server.url}/base-scan/api/preferences/set`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: "0", person_name: `Bench person ${p}`, sentiment: "like" }),
    });
  }
  for (let i = 0; i < WARM_UP; i++) await post({ ...nextScan(i), client_id: randomUUID() });

  // One phone alone first: the latency without queueing behind others.
  const alone: number[] = [];
  let aloneCookie: string | undefined;
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    aloneCookie = (await post({ ...nextScan(i), client_id: randomUUID() }, aloneCookie)).cookie ?? aloneCookie;
    alone.push(performance.now() - t0);
  }
  alone.sort((a, b) => a - b);
  console.log(
    `POST /base-scan/api/scan on ${bench.kind}, 1 client: ` +
      `p50 ${percentile(alone, 0.5).toFixed(1)} ms, p99 ${percentile(alone, 0.99).toFixed(1)} ms`,
  );

  const timings: number[] = [];
  let resends = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      let cookie: string | undefined;
      for (let i = 0; i < SCANS_PER_CLIENT; i++) {
        const body = { ...nextScan(i), client_id: randomUUID() };
        const t0 = performance.now();
        cookie = (await post(body, cookie)).cookie ?? cookie;
        timings.push(performance.now() - t0);
        if (Math.random() < RESEND_SHARE) {
          const t1 = performance.now();
          await post(body, cookie);
          timings.push(performance.now() - t1);
          resends += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  console.log(
    `POST /base-scan/api/scan on ${bench.kind}, ${CLIENTS} concurrent clients: ` +
      `${timings.length} requests (${resends} resends) in ${seconds.toFixed(1)} s = ${(timings.length / seconds).toFixed(0)} req/s; ` +
      `latency p50 ${percentile(timings, 0.5).toFixed(1)} ms, p99 ${percentile(timings, 0.99).toFixed(1)} ms, ` +
      `max ${timings.at(-1)!.toFixed(1)} ms`,
  );
} finally {
  await bench.stop();
}
