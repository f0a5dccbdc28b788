// The server, under `npm start` (built into .next/labs-server.mjs by
// scripts/build-server.mjs) and `npm run dev` (run from source by tsx): Node's
// HTTP server, the front door for the JSON APIs (server/front-door.ts), and
// Next's documented custom server for everything else
// (docs/decisions/021-one-server.md).
//
//   labs-server [--dev] [--port 3000] [--keepAliveTimeout <ms>] [--headersTimeout <ms>]
//     [--requestTimeout <ms>] [--connectionsPerClient <n>]
//
// Before the port opens: the environment is checked (a clear error and exit
// rather than a half-working server), our files kept private, and the
// database schema brought up to date (docs/decisions/010-migrations-through-wasm-engine.md);
// a migration failure is logged and the health checks then answer 503
// rather than the process dying in a loop.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { keepCompiledCode } from "@/lib/compile-cache.mjs";
import { dataDir, env } from "@/lib/env";
import { noteRequestArrived } from "@/lib/events/send-pace";
import { hostName } from "@/lib/http/allowed-hosts";
import { limitConnectionsPerClient, logPerClient } from "@/lib/http/connection-limits";
import { AppError, errorText } from "@/lib/http/errors";
import { recordPeer, startRecordingPeers } from "@/lib/http/peer-recorder.mjs";
import { pageBodyRefusal } from "@/lib/http/read-body";
import { startOpeningPGlite } from "@/lib/db/pglite-thread";
import { makePrivateDirectory } from "@/lib/private-files.mjs";
import { isApiPath, proxyRunsOn } from "@/server/api-areas";
import type { FrontDoor } from "@/server/front-door";

const { values: options } = parseArgs({
  options: {
    dev: { type: "boolean" },
    port: { type: "string" },
    keepAliveTimeout: { type: "string" },
    headersTimeout: { type: "string" },
    requestTimeout: { type: "string" },
    connectionsPerClient: { type: "string" },
  },
});
const dev = options.dev === true;
const port = Number(options.port ?? process.env.PORT ?? 3000);
// Every connection's time is bounded (docs/decisions/021-one-server.md,
// "Connections"): its request's headers must arrive within 20 s of its start
// (Node's 60 s let a client that sends nothing hold a socket that long), the
// whole request within 5 minutes (Node's default: a 20 MiB wallet import over
// a slow phone link), and an idle one between requests is closed after
// keepAliveTimeout (Node's 5 s). Node checks them every few seconds.
const headersTimeout = wholeNumber("--headersTimeout", options.headersTimeout ?? "20000", 1);
const requestTimeout = wholeNumber("--requestTimeout", options.requestTimeout ?? "300000", headersTimeout);
// How many connections one client (the socket's peer, an IPv6 one by its /64)
// may hold open at once; 0 sets no cap. A browser opens six; a proxy on this
// machine carries all its clients' requests in one allowance; fifty agents
// at once from one host (tests/api/mcp.test.ts) held some hundred.
const connectionsPerClient = wholeNumber(
  "--connectionsPerClient (LABS_CONNECTIONS_PER_CLIENT)",
  options.connectionsPerClient ?? (process.env.LABS_CONNECTIONS_PER_CLIENT || "128"),
  0,
);
// Before Next is loaded: it reads this as it loads.
Object.assign(process.env, { NODE_ENV: dev ? "development" : "production", PORT: String(port) });
// The built server has its release label built in (scripts/build-server.mjs); from source, the checkout's.
if (dev) {
  const { releaseOfCheckout } = await import("@/lib/platform/build-release");
  const { release, commit } = releaseOfCheckout();
  Object.assign(process.env, { LABS_BUILD_RELEASE: release, LABS_BUILD_COMMIT: commit });
}
process.title = "labs";
// Compiled code kept between starts (lib/compile-cache.mjs); `npm start` has
// turned it on before this file loaded, other launchers (the tests) get it here.
if (!dev) keepCompiledCode();

try {
  env();
} catch (error) {
  console.error(`labs: cannot start. ${(error as Error).message}`);
  process.exit(1);
}
makePrivateDirectory(dataDir());
// Route handlers and pages see each request's TCP peer only through this
// (lib/http/client-address.ts).
startRecordingPeers();

// The embedded database first: it opens in a thread of its own
// (lib/db/pglite-thread.ts), its half second beside the loading of Next and
// the routes in this one rather than after it.
if (!env().DATABASE_URL) startOpeningPGlite(env().PGLITE_DIR);
const schemaReady = bringSchemaUpToDate();
// Loaded now that NODE_ENV says which build it is part of.
const { default: next } = await import("next");
const server = http.createServer({
  headersTimeout,
  requestTimeout,
  connectionsCheckingInterval: Math.min(headersTimeout, 5000),
});
// Next's development server answers its own upgrades (hot reload) on this
// server; the built app serves no WebSocket (see "newListener" below).
const app = next({ dev, dir: process.cwd(), hostname: "localhost", port, ...(dev ? { httpServer: server } : {}) });
// Next prepares while the database opens.
const [, , { createFrontDoor, refuse }, { HEALTH_ROUTES }] = await Promise.all([
  app.prepare(),
  schemaReady,
  import("@/server/front-door"),
  import("@/server/health-routes"),
]).catch((error: unknown) => {
  console.error("labs: cannot start:", error);
  process.exit(1);
});
// The API's routes, every handler with its schemas (a fifth of a second to
// load), come after the first pages are warm (below), or as soon as a request
// for one of them arrives, which waits for them. The health checks answer
// meanwhile, from a door of their own.
const healthDoor = createFrontDoor(HEALTH_ROUTES);
const healthPaths = new Set(HEALTH_ROUTES.map(({ path }) => path));
let frontDoor: FrontDoor | null = null;
let frontDoorLoading: Promise<FrontDoor> | null = null;
function loadFrontDoor(): Promise<FrontDoor> {
  frontDoorLoading ??= import("@/server/api-routes").then(
    ({ API_ROUTES }) => (frontDoor = createFrontDoor(API_ROUTES)),
    (error: unknown) => {
      console.error("labs: cannot load the API's routes:", error);
      process.exit(1);
    },
  );
  return frontDoorLoading;
}
const nextHandler = app.getRequestHandler();

server.on("request", (request: IncomingMessage, response: ServerResponse) => {
  recordPeer(request);
  noteRequestArrived();
  if (closing) return refuse(request, response, stopping());
  // Without an "upgrade" listener (the built app keeps none), Node hands an
  // upgrade request here as a plain one; it is answered as one (RFC 9110 lets
  // a server ignore Upgrade), and the connection closed after it, as Node
  // reads nothing more from it.
  if (request.headers.upgrade !== undefined) response.setHeader("connection", "close");
  const refusal = refusalBeforeReading(request);
  if (refusal) return refuse(request, response, refusal);
  const pathname = pathOf(request);
  if (pathname !== null && isApiPath(pathname)) {
    if (frontDoor) return frontDoor(request, response);
    if (healthPaths.has(pathname)) return healthDoor(request, response);
    return void loadFrontDoor().then((door) => door(request, response));
  }
  nextHandler(request, response).catch((error: unknown) => {
    logPerClient(request.socket.remoteAddress, `labs: failed to answer ${request.method} ${pathname}:`, error);
    if (response.headersSent) response.destroy();
    else {
      response.statusCode = 500;
      response.end("Internal Server Error");
    }
  });
});
// Next's custom server adds an "upgrade" listener to the server of the first
// request it handles, for its development hot reload: in the built app it
// would take every upgrade request and leave it unanswered, open for good.
// It is taken off as soon as it is added, so there is none (see above).
if (!dev) {
  server.on("newListener", (event: string | symbol, listener: (...args: unknown[]) => void) => {
    if (event === "upgrade") queueMicrotask(() => server.off("upgrade", listener));
  });
}
if (options.keepAliveTimeout) server.keepAliveTimeout = Number(options.keepAliveTimeout);
limitConnectionsPerClient(server, connectionsPerClient);
server.on("error", (error) => {
  console.error("labs: cannot start the server:", error);
  process.exit(1);
});
server.listen(port, () => {
  console.log(`labs: listening on http://localhost:${port}${dev ? " (development)" : ""}`);
  // The first phone before the housekeeping: both would wait on the one
  // thread and the one database connection.
  void (dev ? Promise.resolve() : warmPhonePages()).then(loadFrontDoor).then(startHousekeeping);
});

/** The work of a running server that no request waits on: events, deliveries, backups, expiries. */
function startHousekeeping(): void {
  // A stop that came during the warm-up: nothing to start on a closing database.
  if (closing) return;
  keepEventsPruned();
  void import("@/lib/events/delivery-worker").then(({ startDeliveryWorker }) => startDeliveryWorker());
  void import("@/lib/platform/scheduled-backups").then(({ startBackupSchedule }) => startBackupSchedule());
  void import("@/lib/ask/claim-expiry").then(({ announceExpiredClaims, CLAIM_EXPIRY_CHECK_MS }) => {
    const check = () =>
      announceExpiredClaims().catch((error: unknown) => console.error("labs: could not announce ended claims:", error));
    setInterval(check, CLAIM_EXPIRY_CHECK_MS).unref();
  });
  void import("@/lib/scan/card-expiry").then(({ announceExpiringCardsNow, CARD_EXPIRY_CHECK_MS }) => {
    void announceExpiringCardsNow();
    setInterval(() => void announceExpiringCardsNow(), CARD_EXPIRY_CHECK_MS).unref();
  });
}

// SIGTERM (a service manager's stop) and SIGINT drain: the port closes and
// idle connections with it, requests in flight get up to DRAIN_MS to finish
// (one arriving on a kept-alive connection meanwhile is answered 503), then
// the rest are cut, Next closes and the database is closed cleanly, so the
// next start finds it shut down and does no recovery.
const DRAIN_MS = 10_000;
let closing = false;
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    console.log(`labs: ${signal}: finishing the requests in flight (at most ${DRAIN_MS / 1000} s), then stopping`);
    server.close(() => {
      app
        .close()
        .then(() => import("@/lib/db").then(({ closeDatabase }) => closeDatabase()))
        .catch((error: unknown) => console.error("labs: did not stop cleanly:", error))
        .finally(() => process.exit(code));
    });
    // Closing the port closes the connections idle then; one kept alive after
    // its last answer would otherwise wait out its keep-alive timeout.
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => server.closeAllConnections(), DRAIN_MS).unref();
  });
}

/**
 * What is refused before a byte of the body is read: a Host the request core
 * could not read (421, as it answers a host we do not serve), and a body no
 * page takes on a path proxy.ts runs on (413 or 411: the proxy would refuse
 * it only once Next had read it into memory). The answer closes the
 * connection, so the rest is never read either.
 */
function refusalBeforeReading(request: IncomingMessage): AppError | null {
  const host = request.headers.host ?? "localhost";
  if (hostName(host) === null) {
    return new AppError("misdirected_request", errorText("request.misdirected", { host: host.slice(0, 100) }), {
      headers: { connection: "close" },
    });
  }
  const pathname = pathOf(request);
  if (pathname === null || !proxyRunsOn(pathname)) return null;
  return pageBodyRefusal(request.headers["content-length"], request.headers["transfer-encoding"]);
}

/** A request that came after SIGTERM on a connection kept open: asked again, it reaches the next start. */
function stopping(): AppError {
  return new AppError("unavailable", errorText("request.stopping"), {
    headers: { connection: "close", "retry-after": "5" },
  });
}

/** The request's path with dot segments resolved, as the front door and Next read it; null if unreadable. */
function pathOf(request: IncomingMessage): string | null {
  try {
    return new URL(request.url ?? "/", "http://localhost").pathname;
  } catch {
    return null;
  }
}

/**
 * Asks once for the pages a phone opens first, so their code is loaded
 * before a phone comes: Next loads a page's code on its first request
 * (preloadEntriesOnStart is off, next.config.ts), and the first phone after
 * a start waited for it, most of a second. Each is an
 * ordinary request from this machine, one after the other; what it answers
 * is dropped, and a failure only means the phone loads the code itself.
 */
async function warmPhonePages(): Promise<void> {
  const origin = `http://localhost:${port}`;
  const warmed = new Set<string>();
  try {
    // The wallet first, the page the phone's home-screen icon opens
    // (public/base-scan/manifest.webmanifest), then the scanner, with their scripts.
    for (const path of ["/base-scan/", "/base-scan/scan"]) {
      const html = await (await fetch(`${origin}${path}`, { redirect: "manual" })).text();
      for (const [, script] of html.matchAll(/src="(\/_next\/static\/[^"?]+\.js)"/g)) {
        if (warmed.has(script!)) continue;
        warmed.add(script!);
        // As a phone asks for them (compressed): serving one is slower the first time.
        await (await fetch(`${origin}${script}`)).arrayBuffer();
      }
    }
  } catch {
    // Not warmed: the first phone loads what it needs itself.
  }
}

/** Applies pending migrations; most starts find none, with one query and the engine left unloaded. */
async function bringSchemaUpToDate(): Promise<void> {
  const [{ getDatabase }, { applyMigrations, migrationsAreCurrent }] = await Promise.all([
    import("@/lib/db"),
    import("@/lib/db/migrate"),
  ]);
  const database = getDatabase();
  // Prisma's query compiler loads while the database opens, not after (a
  // tenth of a second); a failure here shows again on the first query.
  void database.prisma.$connect().catch(() => undefined);
  const unopened = await database.ready().then(
    () => null,
    (error: unknown) => error,
  );
  if (unopened !== null) await refuseDamagedDatabase(unopened);
  try {
    const recorded = await database.prisma.$queryRaw<
      import("@/lib/db/migrate").AppliedMigration[]
    >`SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations`.catch(() => []);
    if (!recorded.length || !(await migrationsAreCurrent(recorded))) {
      const applied = await applyMigrations(database.migrationAdapter());
      if (applied.length) console.log(`labs: applied migrations ${applied.join(", ")} (${database.kind})`);
    }
  } catch (error) {
    console.error(`labs: could not migrate the ${database.kind} database:`, error);
  }
}

/**
 * The embedded database's folder cannot be opened (a truncated file, a disk
 * that failed): Labs neither serves a half-working app on it nor makes a new
 * empty database in its place. It stops, saying how to restore the newest
 * proven backup (docs/backup-and-restore.md).
 */
async function refuseDamagedDatabase(error: unknown): Promise<never> {
  const { latestProvenBackup, backupDir } = await import("@/lib/platform/scheduled-backups");
  const folder = path.resolve(env().PGLITE_DIR);
  const reason = error instanceof Error ? error.message : String(error);
  const backup = await latestProvenBackup();
  const lines = [
    `labs: cannot start: the embedded database in ${folder} cannot be opened (${reason}).`,
    "  Its files may be damaged. Labs will not start on it, nor make a new, empty database in its place.",
    ...(backup
      ? [
          `  The latest proven backup is ${backup.file} (taken ${backup.created_at}). To restore it:`,
          `    1. move ${folder} aside (keep it: it may still be read), then`,
          `    2. npm run restore -- --keep-credentials ${backup.file}`,
          "    3. start Labs again.",
        ]
      : [
          `  No proven backup was found in ${backupDir()}. To restore one kept elsewhere: move ${folder} aside,`,
          "  then npm run restore -- --keep-credentials <backup file>, then start Labs again.",
        ]),
    "  See docs/backup-and-restore.md.",
  ];
  console.error(lines.join("\n"));
  process.exit(1);
}

/** Deletes events past EVENTS_KEEP_DAYS now and every six hours, without holding up the start. */
function keepEventsPruned(): void {
  const prune = () =>
    import("@/lib/events/list-events")
      .then(({ pruneEvents }) => pruneEvents({ keepDays: env().EVENTS_KEEP_DAYS }))
      .catch((error: unknown) => console.error("labs: could not delete old events:", error));
  void prune();
  setInterval(prune, 6 * 60 * 60 * 1000).unref();
}

/** A whole number of at least `min` from the command line, or the start stops naming it. */
function wholeNumber(name: string, value: string, min: number): number {
  const number = Number(value);
  if (/^\d+$/.test(value) && number >= min) return number;
  console.error(`labs: cannot start: ${name} must be a whole number, at least ${min} (got "${value}")`);
  process.exit(1);
}
