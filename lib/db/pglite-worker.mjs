// The PGlite database in a thread of its own, behind Prisma's PGlite adapter
// (docs/decisions/016-pglite-in-a-worker.md). lib/db/pglite-thread.ts sends
// one message per adapter call; this thread runs the call and answers with its
// result or its error. Plain JavaScript: a worker thread loads it as it is,
// under `next start`, Vitest and tsx alike.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";

/** @type {{ dataDir: string, upkeep?: { statements?: number, idleMs?: number } }} */
const { dataDir, upkeep = {} } = workerData;
const pglite = new PGlite(dataDir);
const factory = new PrismaPGlite(pglite);

// Adapters by id (0: the database; more for the schema engine's shadow
// databases) and open transactions by id.
const adapters = new Map();
const transactions = new Map();
let lastId = 0;
/** @type {number | null} The database's open transaction: only its statements go meanwhile (the queue below). */
let openTransaction = null;

const ready = pglite.waitReady.then(async () => {
  adapters.set(0, await factory.connect());
});

/** @param {{ op: string, adapter?: number, transaction?: number, arg?: unknown }} call */
async function run({ op, adapter: adapterId = 0, transaction: transactionId, arg }) {
  await ready;
  const adapter = adapters.get(adapterId);
  const queryable = transactionId === undefined ? adapter : transactions.get(transactionId);
  if (!queryable) throw new Error(`no such ${transactionId === undefined ? "adapter" : "transaction"}`);
  switch (op) {
    case "ready":
      return null;
    case "queryRaw":
      return queryable.queryRaw(arg);
    case "executeRaw":
      return queryable.executeRaw(arg);
    case "executeScript":
      // The adapter's own executeScript does not wait for the script, so its
      // errors would be lost: run it here and map them as the adapter does.
      try {
        await queryable.client.exec(arg);
      } catch (error) {
        queryable.onError(error);
      }
      return null;
    case "startTransaction": {
      const transaction = await queryable.startTransaction(arg ?? undefined);
      transactions.set(++lastId, transaction);
      if (adapterId === 0) openTransaction = lastId;
      return { id: lastId, options: transaction.options };
    }
    case "commit":
    case "rollback":
      try {
        return await queryable[op]();
      } finally {
        transactions.delete(transactionId);
        if (openTransaction === transactionId) openTransaction = null;
      }
    case "connectToShadowDb": {
      const shadow = await factory.connectToShadowDb();
      adapters.set(++lastId, shadow);
      return { id: lastId };
    }
    case "dispose":
      if (adapterId !== 0) {
        adapters.delete(adapterId);
        await queryable.client.close();
      }
      return null;
    case "close":
      // Any shadow database the schema engine left open, then the database.
      await Promise.all(
        [...adapters].map(([id, open]) => (id === 0 || open.client.closed ? null : open.client.close())),
      );
      await pglite.close();
      return null;
    default:
      throw new Error(`unknown operation ${op}`);
  }
}

/** An error as data: a driver error keeps its mapped cause, which Prisma reads. */
function errorData(error) {
  if (error?.name === "DriverAdapterError") return { driver: error.cause };
  return { message: error?.message ?? String(error), stack: error?.stack };
}

/** @param {{ id: number }} message @param {Promise<unknown>} running */
function answer(message, running) {
  return running.then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: errorData(error) }),
  );
}

// Statements on the database go to PGlite one at a time from a queue of our
// own, in the order they came, but for those sent `ahead` (the delivery
// worker's, lib/db/pglite-thread.ts, aheadOfRequests), which go first. While
// a transaction is open only its own calls go: PGlite would hold every other
// query until it ends anyway. Other operations (opening, closing, shadow
// databases) go at once, as before.
//
// A statement runs within one turn of this thread's event loop, and the
// messages that came meanwhile wait in the port until it ends: the next is
// chosen a turn later (setImmediate), once they are all in the queue.
const QUEUED = new Set(["queryRaw", "executeRaw", "executeScript", "startTransaction", "commit", "rollback"]);
/** @type {{ id: number, op: string, adapter?: number, transaction?: number, ahead?: boolean }[]} */
const queue = [];
let busy = false;
let pumpScheduled = false;

function schedulePump() {
  if (pumpScheduled) return;
  pumpScheduled = true;
  setImmediate(() => {
    pumpScheduled = false;
    pump();
  });
}

function nextIndex() {
  if (openTransaction !== null) return queue.findIndex((message) => message.transaction === openTransaction);
  const ahead = queue.findIndex((message) => message.ahead);
  return ahead >= 0 ? ahead : queue.length > 0 ? 0 : -1;
}

// Upkeep (docs/decisions/039-pglite-upkeep.md). PGlite has no autovacuum:
// every row updated or deleted leaves its old version behind, in the table
// and in each of its indexes, and the plans a connection keeps are never
// made again as its tables grow. A webhook's deliveries, each written
// twice, slowed every pass by a tenth of a millisecond a thousand. So this
// thread vacuums the app's tables itself, between two statements and never
// inside a transaction: after UPKEEP_STATEMENTS statements, or
// UPKEEP_IDLE_MS after the last upkeep if any ran since; the first upkeep,
// and one a day after it, analyzes them too.
const UPKEEP_STATEMENTS = upkeep.statements ?? 20_000;
const UPKEEP_IDLE_MS = upkeep.idleMs ?? 10 * 60 * 1000;
const ANALYZE_EVERY_MS = 24 * 60 * 60 * 1000;
let statementsSinceUpkeep = 0;
let lastUpkeep = performance.now();
let lastAnalyze = Number.NEGATIVE_INFINITY;

function upkeepDue() {
  if (statementsSinceUpkeep === 0 || openTransaction !== null) return false;
  return statementsSinceUpkeep >= UPKEEP_STATEMENTS || performance.now() - lastUpkeep >= UPKEEP_IDLE_MS;
}

async function runUpkeep() {
  await ready;
  statementsSinceUpkeep = 0;
  lastUpkeep = performance.now();
  const analyze = lastUpkeep - lastAnalyze >= ANALYZE_EVERY_MS;
  try {
    const { rows } = await pglite.query(
      `SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') AS tables
       FROM pg_tables WHERE schemaname = current_schema()`,
    );
    if (rows[0]?.tables) await pglite.exec(`VACUUM ${analyze ? "(ANALYZE) " : ""}${rows[0].tables}`);
    if (analyze) lastAnalyze = lastUpkeep;
  } catch (error) {
    // The database works without it, only slower as it grows: said, and tried again at the next.
    console.error("labs: the embedded database's upkeep (VACUUM) failed:", error?.message ?? error);
  }
}

// An idle server's last statements are vacuumed after them too.
setInterval(schedulePump, Math.min(UPKEEP_IDLE_MS, 60_000)).unref();

function pump() {
  if (busy) return;
  if (upkeepDue()) {
    busy = true;
    void runUpkeep().finally(() => {
      busy = false;
      schedulePump();
    });
    return;
  }
  const index = nextIndex();
  if (index < 0) return;
  const [message] = queue.splice(index, 1);
  busy = true;
  statementsSinceUpkeep++;
  void answer(message, run(message)).finally(() => {
    busy = false;
    schedulePump();
  });
}

parentPort.on("message", (message) => {
  if ((message.adapter ?? 0) !== 0 || !QUEUED.has(message.op)) {
    void answer(message, run(message));
    return;
  }
  queue.push(message);
  schedulePump();
});
