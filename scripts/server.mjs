// The production server, as `next start` runs it (Node's HTTP server, then
// Next's request handler, set up the same way and after the port is open),
// with one step in front: a JSON API request that a route() handler answers is
// served by it directly, without Next's router (lib/http/direct-routes.ts,
// docs/decisions/017-direct-json-routes.md). Started by `npm start`
// (scripts/start.mjs) and by the test servers.
//
//   node scripts/server.mjs [--port 3000] [--keepAliveTimeout <ms>]
import http from "node:http";
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import { recordPeerAddresses } from "../lib/http/peer-recorder.mjs";

const require = createRequire(import.meta.url);
// Next's own pieces for this, as its `next start` uses them.
const { getRequestHandlers } = require("next/dist/server/lib/start-server");
const compression = require("next/dist/compiled/compression");
const { releaseCompressionStream } = require("next/dist/server/lib/release-compression-stream");

const { values: options } = parseArgs({
  options: { port: { type: "string" }, keepAliveTimeout: { type: "string" } },
});
const port = Number(options.port ?? process.env.PORT ?? 3000);
process.env.NODE_ENV = "production";
process.env.PORT = String(port);
process.env.__NEXT_PRIVATE_ORIGIN = `http://localhost:${port}`;
process.title = "labs";

// Before the port opens: a request that arrived while the app was loading
// could otherwise carry the peer headers it made up (lib/http/peer-address.ts).
recordPeerAddresses();

const DIRECT_ROUTES = Symbol.for("labs.directRoutes");
const compress = compression();

let resolveHandlers;
const handlers = new Promise((resolve) => (resolveHandlers = resolve));

const server = http.createServer(async (request, response) => {
  try {
    const next = await handlers;
    const direct = globalThis[DIRECT_ROUTES];
    const found = direct?.find(request) ?? null;
    const route = found instanceof Promise ? await found : found;
    if (!route) return await next.requestHandler(request, response);
    // Compressed as Next compresses what it answers.
    compress(request, response, () => {});
    response.once("close", () => response.writableFinished || releaseCompressionStream(response));
    await direct.serve(request, response, route);
  } catch (error) {
    console.error(`labs: failed to answer ${request.method} ${request.url}:`, error);
    if (response.headersSent) response.destroy();
    else {
      response.statusCode = 500;
      response.end("Internal Server Error");
    }
  }
});
const keepAliveTimeout = options.keepAliveTimeout ? Number(options.keepAliveTimeout) : undefined;
if (keepAliveTimeout) server.keepAliveTimeout = keepAliveTimeout;
server.on("upgrade", async (request, socket, head) => {
  try {
    await (await handlers).upgradeHandler(request, socket, head);
  } catch {
    socket.destroy();
  }
});
server.on("error", (error) => {
  console.error("labs: cannot start the server:", error);
  process.exit(1);
});

server.listen(port, () => {
  console.log(`labs: listening on http://localhost:${port}`);
});
try {
  resolveHandlers(await getRequestHandlers({ dir: process.cwd(), port, isDev: false, server, keepAliveTimeout }));
} catch (error) {
  console.error("labs: cannot start:", error);
  process.exit(1);
}

let closing = false;
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
]) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close(() => {
      handlers
        .then((next) => next.server?.close())
        .catch((error) => console.error(error))
        .finally(() => process.exit(code));
    });
  });
}
