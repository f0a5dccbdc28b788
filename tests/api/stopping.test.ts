import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { operatorCookie } from "./client";
import { OWN_SERVER_TIMEOUT_MS, startServer } from "@/tests/support/server";
import { until } from "@/tests/support/until";

// What a service manager's stop (SIGTERM) does to a running Labs: the request
// in flight is answered, no new one is taken, and the embedded database is
// left shut down, so the next start has nothing to recover.

const folder = mkdtempSync(path.join(tmpdir(), "labs-stopping-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * The cluster state PostgreSQL keeps in global/pg_control (its DBState, a
 * 32-bit field after the 8-byte system identifier and two 4-byte versions):
 * 1 once shut down cleanly, 6 while in production, which a start after a
 * crash must recover from.
 */
function clusterState(pgliteDir: string): number {
  return readFileSync(path.join(pgliteDir, "global", "pg_control")).readUInt32LE(16);
}
const SHUT_DOWN = 1;
const IN_PRODUCTION = 6;

/** Everything the socket has received so far, as text. */
function received(socket: Socket): () => string {
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (text += chunk));
  return () => text;
}

describe("SIGTERM", () => {
  it(
    "finishes the request in flight, takes no new one, and leaves the database shut down",
    async () => {
      const pgliteDir = path.join(folder, "pglite");
      const server = await startServer({ PGLITE_DIR: pgliteDir });
      expect(clusterState(pgliteDir)).toBe(IN_PRODUCTION);

      // A request whose headers the server has read (it asks for the body:
      // 100 Continue) and whose body has not all come yet.
      const name = `Loja do fim ${Date.now()}`;
      const body = JSON.stringify({ name });
      const socket = connect(server.port, "127.0.0.1");
      const answer = received(socket);
      socket.write(
        [
          "POST /base-scan/api/stores HTTP/1.1",
          `host: 127.0.0.1:${server.port}`,
          `cookie: ${await operatorCookie()}`,
          "content-type: application/json",
          `content-length: ${Buffer.byteLength(body)}`,
          "expect: 100-continue",
          "",
          "",
        ].join("\r\n"),
      );
      await until(answer, (text) => text.startsWith("HTTP/1.1 100 Continue"), "100 Continue");
      socket.write(body.slice(0, 5));

      process.kill(server.pid, "SIGTERM");
      await until(server.output, (text) => text.includes("labs: SIGTERM"), "the server to begin stopping");
      // The port is closed: a new connection is refused.
      await expect(fetch(`${server.url}/labs/healthz`)).rejects.toThrow();

      // Written, not ended: a client that half-closes its side gives up its request.
      socket.write(body.slice(5));
      const whole = await until(answer, (text) => /\r\n\r\n\{.*\}$/s.test(text), "the answer");
      expect(whole).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
      expect(whole).toContain(`"name":"${name}"`);

      // The server closes the connection it kept alive, and stops.
      await until(() => socket.destroyed || socket.readableEnded, Boolean, "the connection to close");
      expect(await server.exited).toBe(143);
      expect(clusterState(pgliteDir)).toBe(SHUT_DOWN);

      // The store the stopping server answered for is there after a start.
      const again = await startServer({ PGLITE_DIR: pgliteDir });
      try {
        const stores = await fetch(`${again.url}/base-scan/api/stores`, {
          headers: { cookie: await operatorCookie() },
        });
        expect(await stores.text()).toContain(name);
      } finally {
        await again.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS * 2,
  );
});
