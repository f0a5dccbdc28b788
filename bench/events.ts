// npx tsx bench/events.ts — what events cost and how fast they go out
// (the event log's benchmarks). One run starts the app (the built server) on a
// fresh database (PGlite in memory; BENCH_DATABASE_URL=postgresql://… for
// PostgreSQL), a webhook receiver on loopback and web-push-testing, and
// measures, each against a baseline of the same run:
//
// 1. drop → webhook: 50 clients observe prices that each drop an item's
//    price; the time from the observe's answer to the receiver's arrival of
//    its price.dropped (p50, p99).
// 2. fan-out: one event to BENCH_FAN_OUT (1000) webhooks and as many push
//    subscriptions; the time until every one has arrived, and
//    POST /base-scan/api/scan p99 at 20 clients meanwhile (until the last
//    push has arrived), as a ratio of the same load for as long with nothing
//    being delivered: the median of BENCH_PAIRS fan-outs, each paired with
//    such a round.
// 3. throughput with events: observes that each raise price.dropped (sent to
//    a webhook) against observes that raise nothing, and scans beside
//    dropping observes against scans beside rising ones: ratios, each the
//    median of BENCH_PAIRS (4) pairs of rounds taken one after the other.
//    Last, the same drops with the webhook gone: what the event costs
//    without its delivery.
// BENCH_PARTS picks some of them (BENCH_PARTS=2: the fan-out alone).
// Nothing asserts on the numbers.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sealOperatorSession } from "../tests/support/operator-seal";
import { startPushService } from "../tests/support/push-service";
import { percentile, randomEan13, startBenchServer } from "./support";

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const FAN_OUT = Number(process.env.BENCH_FAN_OUT ?? 1000);
/** Pairs of rounds each throughput ratio is the median of. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 4);
/** Which of the three to run (BENCH_PARTS=2 for the fan-out alone). */
const PARTS = new Set((process.env.BENCH_PARTS ?? "1,2,3").split(","));

const arrivals = new Map<string, number>();
let arrived = 0;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    arrived++;
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { data?: { data?: { br_id?: string } } };
    const brId = body.data?.data?.br_id;
    if (brId && !arrivals.has(brId)) arrivals.set(brId, performance.now());
    response.end("ok");
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
const push = await startPushService();

// No batch window: each fan-out's event is the first a phone gets, not one gathered for ten minutes.
const app = await startBenchServer({ WEB_PUSH_ALLOW_PRIVATE: "1", NOTIFY_QUIET_HOURS: "", NOTIFY_BATCH_SECONDS: "0" });
const url = app.server.url;
const operator = { cookie: `labs_op=${await sealOperatorSession()}` };
const post = (path: string, body: unknown, headers: Record<string, string> = operator) =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

type Result = { rate: number; p50: number; p99: number; serverCpuMs: number; benchCpuMs: number };

/** CPU the server's process has used (all its threads, PGlite's among them), in ms; NaN off Linux. */
const serverCpu = () => {
  try {
    const fields = readFileSync(`/proc/${app.server.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
};
const benchCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** `clients` workers calling `call` for `seconds`, and after them until `done()` says so. */
async function load(
  clients: number,
  seconds: number,
  call: (n: number) => Promise<void>,
  done: () => boolean = () => true,
): Promise<Result & { seconds: number }> {
  const latencies: number[] = [];
  let n = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const cpuBefore = { server: serverCpu(), bench: benchCpu() };
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end || !done()) {
        const t = performance.now();
        await call(n++);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const took = (performance.now() - started) / 1000;
  return {
    seconds: took,
    rate: latencies.length / took,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    // Less at the mercy of the hour than a rate: what each call cost the server and the bench (its clients and receiver).
    serverCpuMs: (serverCpu() - cpuBefore.server) / latencies.length,
    benchCpuMs: (benchCpu() - cpuBefore.bench) / latencies.length,
  };
}

const scan = async () => {
  const response = await post("/base-scan/api/scan", { value: randomEan13() }, {});
  await response.arrayBuffer();
};
const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number | undefined) => (value === undefined ? "–" : `${value.toFixed(1)} ms`);
const line = (name: string, result: Result & { seconds: number }) =>
  console.log(
    `${name}: ${result.rate.toFixed(0)}/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)} (${result.seconds.toFixed(1)} s)`,
  );

console.log(`database: ${app.kind}; ${CLIENTS} clients, ${SECONDS} s per load; fan-out to ${FAN_OUT}`);
try {
  // 1. An observe that drops a price, to a webhook's arrival.
  const hook = await post("/labs/api/webhooks", { url: `${receiverUrl}/drops`, types: ["price.dropped"] });
  if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${await hook.text()}`);
  // The delivery worker starts once the phone's pages are warm (decision 031): the drops are
  // measured from when a test delivery has arrived, as a server that has been up a while.
  const { webhook } = (await hook.json()) as { webhook: { id: number } };
  const beforeTest = arrived;
  await post(`/labs/api/webhooks/${webhook.id}/test`, {});
  while (arrived === beforeTest) await new Promise((resolve) => setTimeout(resolve, 20));
  const answered = new Map<string, number>();
  let price = 1_000_000;
  const items = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const response = await post("/base-research/api/observe", {
        item_name: `Bench drop ${i}`,
        source: "bench",
        price: price.toFixed(2),
      });
      return ((await response.json()) as { item_id: number }).item_id;
    }),
  );
  if (PARTS.has("1")) {
    await load(CLIENTS, SECONDS, async (n) => {
      const response = await post("/base-research/api/observe", {
        item_id: items[n % CLIENTS],
        source: "bench",
        price: (price -= 0.01).toFixed(2),
      });
      const { br_id } = (await response.json()) as { br_id: string };
      answered.set(br_id, performance.now());
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const delays = [...answered]
      .filter(([brId]) => arrivals.has(brId))
      .map(([brId, at]) => arrivals.get(brId)! - at)
      .sort((a, b) => a - b);
    console.log(
      `1. drop → webhook: ${delays.length} of ${answered.size} arrived; p50 ${ms(percentile(delays, 0.5))}, p99 ${ms(percentile(delays, 0.99))}`,
    );
  }

  // 3. Throughput: observes that raise nothing (a price going up) against
  // observes that drop. This machine's pace drifts by a tenth or more from
  // one half-minute to the next, more than what is measured: so the two are
  // measured in pairs of rounds, one right after the other, in alternating
  // order (AB, BA, …), and the ratio is the median of the pairs' ratios.
  let rising = 1;
  const observe = (clients: number, source: "bench" | "bench-up") =>
    load(clients, SECONDS, async (n) => {
      const next = source === "bench" ? (price -= 0.01) : (rising += 0.01);
      const response = await post("/base-research/api/observe", {
        item_id: items[n % CLIENTS],
        source,
        price: next.toFixed(2),
      });
      await response.arrayBuffer();
    });
  const observeRising = () => observe(CLIENTS, "bench-up");
  const observeDropping = () => observe(CLIENTS, "bench");
  // Scans beside five observing agents, whose prices drop (an event each, to the webhook) or rise (none).
  const scansBeside = (source: "bench" | "bench-up") => () =>
    Promise.all([load(CLIENTS, SECONDS, scan), observe(5, source)]).then(([scans]) => scans);
  const compare = async (name: string, without: () => Promise<Result>, withEvents: () => Promise<Result>) => {
    const ratios: number[] = [];
    const rounds: { without: Result; with: Result }[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const first = pair % 2 === 0 ? await without() : await withEvents();
      const second = pair % 2 === 0 ? await withEvents() : await without();
      const round = pair % 2 === 0 ? { without: first, with: second } : { without: second, with: first };
      rounds.push(round);
      ratios.push(round.with.rate / round.without.rate);
    }
    const rates = (pick: "with" | "without") => rounds.map((round) => round[pick].rate.toFixed(0)).join(", ");
    const cpu = (pick: "with" | "without") => {
      const cost = (key: "serverCpuMs" | "benchCpuMs") => median(rounds.map((round) => round[pick][key])).toFixed(2);
      return `server ${cost("serverCpuMs")} ms, bench ${cost("benchCpuMs")} ms`;
    };
    console.log(`3. ${name}: without ${rates("without")}/s; with ${rates("with")}/s`);
    console.log(`3. ${name}, CPU a call (median): without ${cpu("without")}; with ${cpu("with")}`);
    console.log(
      `3. ${name} with events / without: median ${median(ratios).toFixed(2)} (pairs ${ratios.map((r) => r.toFixed(2)).join(", ")})`,
    );
  };
  if (PARTS.has("3")) {
    await compare("observe, each a price.dropped to a webhook", observeRising, observeDropping);
    await compare(
      "scan beside observes, each a price.dropped to a webhook",
      scansBeside("bench-up"),
      scansBeside("bench"),
    );
    // What of the observes' cost is the event itself, and what its delivery: the same drops with no
    // webhook to send them to (the event is written, nothing is fanned out).
    const gone = await fetch(`${url}/labs/api/webhooks/${webhook.id}`, { method: "DELETE", headers: operator });
    if (!gone.ok) throw new Error(`webhook delete: ${gone.status}`);
    await compare("observe, each a price.dropped, no webhook", observeRising, observeDropping);
  }

  // 2. One event to FAN_OUT webhooks and FAN_OUT phones.
  if (PARTS.has("2")) {
    for (let i = 0; i < FAN_OUT; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, FAN_OUT - i) }, async (_, j) => {
          const made = await post("/labs/api/webhooks", {
            url: `${receiverUrl}/fan/${i + j}`,
            types: ["note.created"],
          });
          if (made.status !== 201) throw new Error(`webhook ${i + j}: ${made.status}`);
        }),
      );
    }
    const { key } = (await (await fetch(`${url}/labs/api/push/public-key`)).json()) as { key: string };
    const phones: string[] = [];
    for (let i = 0; i < FAN_OUT; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, FAN_OUT - i) }, async () => {
          const phone = await push.subscribe(key);
          const made = await post("/labs/api/push/subscriptions", {
            subscription: { endpoint: phone.endpoint, keys: phone.keys },
            types: ["note.created"],
          });
          if (made.status !== 201) throw new Error(`push subscription: ${made.status} ${await made.text()}`);
          phones.push(phone.clientHash);
        }),
      );
    }
    // Each fan-out is one note for everyone, paired with a round of the same scans with nothing
    // delivered, in alternating order as the throughputs above.
    let notes = 0;
    // The scans go on until the last phone has its push: the p99 is over the whole fan-out, however
    // long the pushes' pace makes it (lib/events/send-pace.ts).
    const sample = phones.filter((_, i) => i % Math.ceil(phones.length / 25) === 0);
    const fanOut = async () => {
      const before = arrived;
      const round = ++notes;
      const sent = performance.now();
      let delivered = false;
      await post("/base-research/api/note", { content: `One note for everyone, the ${round}th` });
      const scansDuring = load(20, SECONDS, scan, () => delivered);
      const waitFor = async (waiting: string[], everyMs: number) => {
        for (;;) {
          const counts = await Promise.all(waiting.map((hash) => push.messages(hash).then((m) => m.length)));
          waiting = waiting.filter((_, i) => counts[i]! < round);
          if (waiting.length === 0) return true;
          if (performance.now() - sent > 120_000) return false;
          await new Promise((resolve) => setTimeout(resolve, everyMs));
        }
      };
      // A few phones are asked four times a second, the rest once those have theirs: asking a
      // thousand phones four times a second took the machine's two cores from the server it measures.
      const pushesDone = (async () =>
        (await waitFor(sample, 250)) && (await waitFor(phones, 500)) ? performance.now() - sent : Number.NaN)();
      let webhooksDone = Number.NaN;
      while (performance.now() - sent <= 120_000) {
        if (arrived - before >= FAN_OUT) {
          webhooksDone = performance.now() - sent;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const pushed = await pushesDone;
      delivered = true;
      return { scans: await scansDuring, webhooksDone, pushed };
    };
    const p99Ratios: number[] = [];
    // Each round with nothing delivered as long as the last fan-out's.
    let seconds = SECONDS;
    for (let pair = 0; pair < PAIRS; pair++) {
      const quiet = pair % 2 === 0 ? await load(20, seconds, scan) : undefined;
      const during = await fanOut();
      seconds = during.scans.seconds;
      const baseline = quiet ?? (await load(20, seconds, scan));
      p99Ratios.push(during.scans.p99 / baseline.p99);
      console.log(
        `2. one event to ${FAN_OUT} webhooks: all arrived in ${ms(during.webhooksDone)}; to ${FAN_OUT} phones: ${ms(during.pushed)}`,
      );
      line("2. scan, 20 clients, nothing delivered", baseline);
      line("2. scan, 20 clients, while the event fans out", during.scans);
    }
    console.log(
      `2. scan p99 during fan-out / without: median ${median(p99Ratios).toFixed(2)} (pairs ${p99Ratios.map((r) => r.toFixed(2)).join(", ")})`,
    );
  }
} finally {
  await app.stop();
  await push.stop();
  receiver.closeAllConnections();
  receiver.close();
}
