import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";

// What the server does with a connection before and around its requests
// (server/main.ts; docs/decisions/021-one-server.md, "Connections"):
// an upgrade it does not serve, a client holding too many connections, one
// that sends its headers slowly, a Host that cannot be read, a body a page
// does not take. Raw sockets, so every byte goes out as written and every
// ending is seen: each test waits for the server to close the socket.
//
// Its own server, as behind a proxy on loopback (as the shared one), with a
// cap of a few connections and a one-second wait for headers, so that the
// limits are reached quickly. Each test connects from an address of its own
// on 127.0.0.0/8, so one test's connections never count against another's.

const PER_CLIENT = 4;
let server: RunningServer;
beforeAll(async () => {
  server = await startServer(
    { TRUSTED_PROXIES: "loopback" },
    { args: ["--headersTimeout", "1000", "--connectionsPerClient", String(PER_CLIENT)] },
  );
}, OWN_SERVER_TIMEOUT_MS);
afterAll(async () => {
  await server?.stop();
});

type Ending = { received: string; error?: string };

/**
 * Sends `text` from `from` and resolves with what came back once the server
 * closes the socket; `end` closes this side's writing after it.
 */
function untilClosed(text: string, from: string, options: { end?: boolean } = {}): Promise<Ending> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port: server.port, localAddress: from });
    let received = "";
    let error: string | undefined;
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", (failure: NodeJS.ErrnoException) => (error = failure.code));
    socket.on("close", () => resolve({ received, error }));
    if (options.end) socket.end(text);
    else if (text) socket.write(text);
  });
}

/** A connection from `from` that has been answered once and stays open (the test server keeps them ten minutes). */
function heldOpen(from: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port: server.port, localAddress: from });
    socket.once("data", (chunk: Buffer) =>
      chunk.toString("latin1").startsWith("HTTP/1.1 200 ") ? resolve(socket) : reject(new Error(`${chunk}`)),
    );
    socket.once("error", reject);
    socket.write("GET /labs/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  });
}

function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    socket.once("close", () => resolve());
    socket.destroy();
  });
}

const get = (path: string, headers: string[] = []) =>
  [`GET ${path} HTTP/1.1`, "Host: 127.0.0.1", ...headers, "Connection: close", "", ""].join("\r\n");

describe("an upgrade the app does not serve", () => {
  const websocket = (path: string) =>
    [
      `GET ${path} HTTP/1.1`,
      "Host: 127.0.0.1",
      "Connection: Upgrade",
      "Upgrade: websocket",
      "Sec-WebSocket-Version: 13",
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      "",
      "",
    ].join("\r\n");

  it.each([
    ["a page", "/base-scan/", 200],
    ["a page that does not exist", "/nope", 404],
    ["a static file that does not exist", "/_next/static/chunks/none.js", 404],
    ["Next's development-only hot reload", "/_next/hmr", 404],
    ["a JSON API", "/base-scan/api/prices", 200],
    ["a health check", "/labs/healthz", 200],
  ])("on %s (%s) is answered as a plain request, then the connection closed", async (_, path, status) => {
    const { received } = await untilClosed(websocket(path), "127.0.0.1");
    expect(received).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
  });

  it("h2c, which curl --http2 asks for, gets the page", async () => {
    const { received } = await untilClosed(
      get("/base-scan/", ["Upgrade: h2c", "HTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA"]).replace(
        "Connection: close",
        "Connection: Upgrade, HTTP2-Settings",
      ),
      "127.0.0.1",
    );
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toContain("<html");
  });
});

describe("connections per client", () => {
  it("closes one past the cap at once, counting the socket's peer whatever it forwards; others still get in", async () => {
    const held = await Promise.all(Array.from({ length: PER_CLIENT }, () => heldOpen("127.0.0.2")));
    try {
      // A proxy on loopback is trusted to name its client, but not for this:
      // a connection has no headers yet when it is counted.
      const extra = await untilClosed(get("/labs/healthz", ["X-Forwarded-For: 203.0.113.7"]), "127.0.0.2");
      expect(extra.received).toBe("");
      const other = await untilClosed(get("/labs/healthz"), "127.0.0.3");
      expect(other.received).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      await Promise.all(held.map(closed));
    }
    // Once its connections are gone (the server learns of it a moment after
    // this side does), the same client gets in again.
    for (;;) {
      const again = await untilClosed(get("/labs/healthz"), "127.0.0.2");
      if (again.received) {
        expect(again.received).toMatch(/^HTTP\/1\.1 200 /);
        break;
      }
    }
  });

  it("logs a burst of refused connections from one client once", async () => {
    const held = await Promise.all(Array.from({ length: PER_CLIENT }, () => heldOpen("127.0.0.5")));
    try {
      const refused = await Promise.all(
        Array.from({ length: 20 }, () => untilClosed(get("/labs/healthz"), "127.0.0.5")),
      );
      expect(refused.every((ending) => ending.received === "")).toBe(true);
    } finally {
      await Promise.all(held.map(closed));
    }
    const lines = server.output().match(/^.*closed a connection from 127\.0\.0\.5\b.*$/gm) ?? [];
    expect(lines).toHaveLength(1);
  });
});

describe("a client slow to send its request", () => {
  it.each([
    ["half its headers", "GET /base-scan/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
    ["nothing at all", ""],
  ])("is answered 408 and closed when it has sent %s within the headers timeout", async (_, text) => {
    const { received } = await untilClosed(text, "127.0.0.4");
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe("a Host that cannot be read", () => {
  it.each(["/base-scan/api/prices", "/labs/healthz", "/base-scan/", "/admin/login"])(
    "x@127.0.0.1 gets 421 on %s, as any host not served, and no stack trace in the log",
    async (path) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const { received } = await untilClosed(get(path).replace("Host: 127.0.0.1", "Host: x@127.0.0.1"), "127.0.0.6");
        expect(received).toMatch(/^HTTP\/1\.1 421 /);
        expect(received).toContain('"code":"misdirected_request"');
      }
      expect(server.output()).not.toMatch(/failed to answer|^\s+at /m);
    },
  );

  it("a JSON body cut short (the client gone mid-upload) is no stack trace in the log either", async () => {
    const head = [
      "POST /base-scan/api/scan HTTP/1.1",
      "Host: 127.0.0.1",
      "Content-Type: application/json",
      "Content-Length: 100",
      "",
      "",
    ].join("\r\n");
    const { received } = await untilClosed(`${head}{"value":`, "127.0.0.6", { end: true });
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    // The server logs (or not) before it answers anything else.
    expect((await untilClosed(get("/labs/healthz"), "127.0.0.6")).received).toMatch(/^HTTP\/1\.1 200 /);
    expect(server.output()).not.toMatch(/internal|^\s+at /m);
  });
});

describe("a body on a page path", () => {
  const post = (path: string, headers: string[]) =>
    [
      `POST ${path} HTTP/1.1`,
      "Host: 127.0.0.1",
      "Content-Type: application/x-www-form-urlencoded",
      ...headers,
      "",
      "",
    ].join("\r\n");

  it.each(["/base-scan/", "/nope", "/admin/login"])(
    "on %s is refused 413 past 256 KiB, before it is read, and the connection closed",
    async (path) => {
      // Ten megabytes announced, a few bytes sent: the answer cannot wait for the rest.
      const { received } = await untilClosed(`${post(path, ["Content-Length: 10000000"])}password=`, "127.0.0.7");
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      expect(received).toContain('"code":"payload_too_large"');
    },
  );

  it("of undeclared length (chunked) is refused 411", async () => {
    const { received } = await untilClosed(
      `${post("/admin/login", ["Transfer-Encoding: chunked"])}9\r\npassword=\r\n`,
      "127.0.0.7",
    );
    expect(received).toMatch(/^HTTP\/1\.1 411 /);
    expect(received).toContain('"code":"length_required"');
  });

  it("up to 256 KiB still reaches the login form", async () => {
    const start = "password=wrong&note=";
    const body = `${start}${"x".repeat(256 * 1024 - start.length)}`;
    const { received } = await untilClosed(
      `${post("/admin/login", [`Content-Length: ${body.length}`, "Connection: close", "Accept: text/html"])}${body}`,
      "127.0.0.7",
    );
    // The form again, with its refusal: a wrong password.
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received).toContain("<form");
  });
});
