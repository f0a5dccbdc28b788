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
//    POST /base-scan/api/scan p99 at 20 clients meanwhile, as a ratio of
//    the same load with nothing being delivered.
// 3. throughput with events: observes that each raise price.dropped (sent to
//    a webhook) against observes that raise nothing, and scans while drops
//    flow against scans alone: ratios. Last, the same drops with the webhook
//    gone: what the event costs without its delivery.
// Nothing asserts on the numbers.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sealOperatorSession } from "../tests/support/operator-seal";
import { startPushService } from "../tests/support/push-service";
import { percentile, randomEan13, startBenchServer } from "./support";

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const FAN_OUT = Number(process.env.BENCH_FAN_OUT ?? 1000);

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

const app = await startBenchServer({ WEB_PUSH_ALLOW_PRIVATE: "1", NOTIFY_QUIET_HOURS: "" });
const url = app.server.url;
const operator = { cookie: `labs_op=${await sealOperatorSession()}` };
const post = (path: string, body: unknown, headers: Record<string, string> = operator) =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

type Result = { rate: number; p50: number; p99: number };

/** `clients` workers calling `call` for `seconds`. */
async function load(clients: number, seconds: number, call: (n: number) => Promise<void>): Promise<Result> {
  const latencies: number[] = [];
  let n = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await call(n++);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rate: latencies.length / ((performance.now() - started) / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

const scan = async () => {
  const response = await post("/base-scan/api/scan", { value: randomEan13() }, {});
  await response.arrayBuffer();
};
const ms = (value: number | undefined) => (value === undefined ? "–" : `${value.toFixed(1)} ms`);
const line = (name: string, result: Result) =>
  console.log(`${name}: ${result.rate.toFixed(0)}/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}`);

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
  const dropping = await load(CLIENTS, SECONDS, async (n) => {
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

  // 3. Throughput: observes that raise nothing (a price going up) against
  // observes that drop (above, and once more after), each the better of two
  // rounds taken in turn, so neither has the fresher database.
  let rising = 1;
  const observeRising = () =>
    load(CLIENTS, SECONDS, async (n) => {
      const response = await post("/base-research/api/observe", {
        item_id: items[n % CLIENTS],
        source: "bench-up",
        price: (rising += 0.01).toFixed(2),
      });
      await response.arrayBuffer();
    });
  const observeDropping = () =>
    load(CLIENTS, SECONDS, async (n) => {
      const response = await post("/base-research/api/observe", {
        item_id: items[n % CLIENTS],
        source: "bench",
        price: (price -= 0.01).toFixed(2),
      });
      await response.arrayBuffer();
    });
  const quietRounds = [await observeRising()];
  const droppingRounds = [dropping, await observeDropping()];
  quietRounds.push(await observeRising());
  const better = (rounds: Result[]) => rounds.reduce((a, b) => (b.rate > a.rate ? b : a));
  const quiet = better(quietRounds);
  const dropped = better(droppingRounds);
  line("3. observe, no event", quiet);
  line("3. observe, each a price.dropped to a webhook", dropped);
  console.log(`3. observe with events / without: ${(dropped.rate / quiet.rate).toFixed(2)}`);
  const scansAlone = await load(CLIENTS, SECONDS, scan);
  const scansWithDrops = await Promise.all([
    load(CLIENTS, SECONDS, scan),
    load(5, SECONDS, async (n) => {
      const response = await post("/base-research/api/observe", {
        item_id: items[n % CLIENTS],
        source: "bench",
        price: (price -= 0.01).toFixed(2),
      });
      await response.arrayBuffer();
    }),
  ]).then(([scans]) => scans);
  line("3. scan alone", scansAlone);
  line("3. scan while drops go to a webhook", scansWithDrops);
  console.log(`3. scan with events / without: ${(scansWithDrops.rate / scansAlone.rate).toFixed(2)}`);
  // What of the observes' cost is the event itself, and what its delivery: the same drops with no
  // webhook to send them to (the event is written, nothing is fanned out).
  const gone = await fetch(`${url}/labs/api/webhooks/${webhook.id}`, { method: "DELETE", headers: operator });
  if (!gone.ok) throw new Error(`webhook delete: ${gone.status}`);
  const undelivered = better([await observeDropping(), await observeDropping()]);
  line("3. observe, each a price.dropped, no webhook", undelivered);
  console.log(`3. observe with events, no webhook / without: ${(undelivered.rate / quiet.rate).toFixed(2)}`);

  // 2. One event to FAN_OUT webhooks and FAN_OUT phones.
  for (let i = 0; i < FAN_OUT; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, FAN_OUT - i) }, async (_, j) => {
        const made = await post("/labs/api/webhooks", { url: `${receiverUrl}/fan/${i + j}`, types: ["note.created"] });
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
  const scanBaseline = await load(20, SECONDS, scan);
  const before = arrived;
  const sent = performance.now();
  await post("/base-research/api/note", { content: "One note for everyone" });
  let webhooksDone = 0;
  const scansDuring = load(20, SECONDS, scan);
  // The phones are asked what arrived only once the scans are done, and
  // then only those still waiting: asking a thousand phones four times a
  // second took the machine's two cores from the server it measures.
  const pushesDone = (async () => {
    await scansDuring;
    let waiting = phones;
    for (;;) {
      const counts = await Promise.all(waiting.map((hash) => push.messages(hash).then((m) => m.length)));
      waiting = waiting.filter((_, i) => counts[i] === 0);
      if (waiting.length === 0) return performance.now() - sent;
      if (performance.now() - sent > 120_000) return Number.NaN;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  for (;;) {
    if (arrived - before >= FAN_OUT) {
      webhooksDone = performance.now() - sent;
      break;
    }
    if (performance.now() - sent > 120_000) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const [during, pushed] = await Promise.all([scansDuring, pushesDone]);
  console.log(
    `2. one event to ${FAN_OUT} webhooks: all arrived in ${ms(webhooksDone)}; to ${FAN_OUT} phones: ${ms(pushed)}`,
  );
  line("2. scan, 20 clients, nothing delivered", scanBaseline);
  line("2. scan, 20 clients, while the event fans out", during);
  console.log(`2. scan p99 during fan-out / without: ${(during.p99 / scanBaseline.p99).toFixed(2)}`);
} finally {
  await app.stop();
  await push.stop();
  receiver.closeAllConnections();
  receiver.close();
}
