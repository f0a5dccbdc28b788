import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import {
  DriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlQueryable,
  type SqlResultSet,
  type Transaction,
  type TransactionOptions,
} from "@prisma/driver-adapter-utils";

// PGlite runs one statement at a time, in whichever thread holds it. In the
// server's own thread every query's work stalled every request, and opening
// the database held up the start. Here it lives in a worker thread
// (lib/db/pglite-worker.mjs) and Prisma talks to it through this adapter,
// which forwards each call of Prisma's PGlite adapter as one message
// (docs/decisions/016-pglite-in-a-worker.md).

// Resolved from the working directory, as Next's own files are: a bundled
// module has no path of its own to resolve it against.
const WORKER_FILE = path.resolve("lib/db/pglite-worker.mjs");
const ADAPTER_NAME = "pglite-prisma-adapter";

type Call = { op: string; adapter?: number; transaction?: number; arg?: unknown };
type Answer = { id: number; result?: unknown; error?: { driver?: unknown; message?: string; stack?: string } };

let openedEarly: { dataDir: string; thread: PGliteThread } | null = null;

const aheadLane = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its statements on PGlite ahead of those already waiting
 * for the database (the thread keeps them in order otherwise). For the
 * delivery worker's claims: one short statement that sends every new event
 * on its way, where waiting its turn behind fifty requests' held each of
 * them for as long. On PostgreSQL, a pool of connections, it changes nothing.
 *
 * What `work` starts and leaves running (a send, the record of its answer)
 * stays in the lane too: give it the statement alone. Prisma's queries start
 * when awaited, so `work` is awaited inside the lane.
 */
export function aheadOfRequests<T>(work: () => PromiseLike<T>): Promise<T> {
  return aheadLane.run(true, async () => await work());
}

/**
 * Starts opening the embedded database now: the server's start calls this
 * before it loads Next, so PGlite's half second of opening runs in its thread
 * beside that loading (server/main.ts). The next pgliteThread() for the same
 * folder takes this thread.
 */
export function startOpeningPGlite(dataDir: string): void {
  openedEarly ??= { dataDir, thread: newPGliteThread(dataDir) };
}

/** A thread holding the PGlite database in `dataDir` (a folder, or memory://), opening or open. */
export function pgliteThread(dataDir: string): PGliteThread {
  if (openedEarly?.dataDir !== dataDir) return newPGliteThread(dataDir);
  const { thread } = openedEarly;
  openedEarly = null;
  return thread;
}

function newPGliteThread(dataDir: string): PGliteThread {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return new PGliteThread(dataDir);
}

/** The worker and its calls in flight. */
export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private lastId = 0;
  private failure: Error | null = null;

  /** `upkeep` sets when the thread vacuums (lib/db/pglite-worker.mjs): for tests that cannot wait for the defaults. */
  constructor(dataDir: string, options: { upkeep?: { statements?: number; idleMs?: number } } = {}) {
    this.worker = new Worker(WORKER_FILE, { workerData: { dataDir, upkeep: options.upkeep } });
    // Idle, the worker does not keep the process alive; a call in flight does.
    this.worker.unref();
    this.worker.on("message", (answer: Answer) => this.settle(answer));
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => this.fail(new Error(`the PGlite thread stopped (exit code ${code})`)));
  }

  call<T>(call: Call): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.lastId;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...call, id, ahead: aheadLane.getStore() === true });
    });
  }

  /** Resolves once the database is open (and rejects if it cannot be). */
  ready(): Promise<void> {
    return this.call({ op: "ready" });
  }

  async close(): Promise<void> {
    try {
      await this.call({ op: "close" });
    } finally {
      this.failure = new Error("the PGlite thread is closed");
      await this.worker.terminate();
    }
  }

  private settle({ id, result, error }: Answer): void {
    const call = this.pending.get(id);
    if (!call) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
    if (!error) return call.resolve(result);
    if (error.driver) return call.reject(new DriverAdapterError(error.driver as DriverAdapterError["cause"]));
    const rebuilt = new Error(error.message);
    rebuilt.stack = error.stack;
    call.reject(rebuilt);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const call of this.pending.values()) call.reject(this.failure);
    this.pending.clear();
  }
}

class ThreadQueryable implements SqlQueryable {
  readonly provider = "postgres" as const;
  readonly adapterName = ADAPTER_NAME;

  constructor(
    protected readonly thread: PGliteThread,
    protected readonly target: { adapter?: number; transaction?: number },
  ) {}

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.thread.call({ op: "queryRaw", ...this.target, arg: query });
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.thread.call({ op: "executeRaw", ...this.target, arg: query });
  }
}

class ThreadTransaction extends ThreadQueryable implements Transaction {
  constructor(
    thread: PGliteThread,
    id: number,
    readonly options: TransactionOptions,
  ) {
    super(thread, { transaction: id });
  }

  commit(): Promise<void> {
    return this.thread.call({ op: "commit", ...this.target });
  }

  rollback(): Promise<void> {
    return this.thread.call({ op: "rollback", ...this.target });
  }
}

class ThreadAdapter extends ThreadQueryable implements SqlDriverAdapter {
  constructor(thread: PGliteThread, adapter: number) {
    super(thread, { adapter });
  }

  executeScript(script: string): Promise<void> {
    return this.thread.call({ op: "executeScript", ...this.target, arg: script });
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    const { id, options } = await this.thread.call<{ id: number; options: TransactionOptions }>({
      op: "startTransaction",
      ...this.target,
      arg: isolationLevel ?? null,
    });
    return new ThreadTransaction(this.thread, id, options);
  }

  getConnectionInfo() {
    return { supportsRelationJoins: true };
  }

  dispose(): Promise<void> {
    return this.thread.call({ op: "dispose", ...this.target });
  }
}

/** Prisma's adapter factory over the thread: the app's client and the schema engine both use it. */
export function pgliteThreadAdapter(thread: PGliteThread): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: "postgres",
    adapterName: ADAPTER_NAME,
    connect: async () => new ThreadAdapter(thread, 0),
    connectToShadowDb: async () => {
      const { id } = await thread.call<{ id: number }>({ op: "connectToShadowDb" });
      return new ThreadAdapter(thread, id);
    },
  };
}
