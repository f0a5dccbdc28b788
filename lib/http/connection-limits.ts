import type { Server } from "node:http";
import { clientNetwork, normaliseAddress } from "@/lib/http/client-network.mjs";
import { errorLine } from "@/lib/http/log-line";

// The server's own limits on connections, before any request on them is read
// (server/main.ts): how many one client may hold open, and the one log of
// what the server refused, which one client cannot fill.

/** Whom a connection counts against: its socket's peer (decision 001), an IPv6 one by its /64. */
function clientOf(address: string | undefined): string {
  const normal = normaliseAddress(address ?? "");
  return normal === null ? "unknown" : clientNetwork(normal);
}

/**
 * Closes a new connection at once when its client already holds `max` open.
 * Each costs a file descriptor and memory until it ends, and an idle or slow
 * one ends only when a timeout ends it: one client must not hold them all.
 * The socket's peer counts, never a header, so behind a reverse proxy its
 * clients share the proxy's allowance. 0 sets no cap.
 */
export function limitConnectionsPerClient(server: Server, max: number): void {
  if (max === 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const client = clientOf(socket.remoteAddress);
    const count = open.get(client) ?? 0;
    if (count >= max) {
      logPerClient(
        socket.remoteAddress,
        `labs: closed a connection from ${client}, which has ${max} open already (LABS_CONNECTIONS_PER_CLIENT)`,
      );
      socket.destroy();
      return;
    }
    open.set(client, count + 1);
    socket.once("close", () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}

const LOG_INTERVAL_MS = 60_000;
/** When each client's last line was written, and how many were left out since. */
const logged = new Map<string, { at: number; left: number }>();
let sweptAt = 0;

/**
 * Writes `message` (and the error's stack) to the log at most once a minute
 * per client: a client refused a thousand times a minute writes one line, and
 * its next line says how many were left out. `address` is the socket's peer.
 */
export function logPerClient(address: string | undefined, message: string, error?: unknown): void {
  const client = clientOf(address);
  const now = Date.now();
  const last = logged.get(client);
  if (last && now - last.at < LOG_INTERVAL_MS) {
    last.left += 1;
    return;
  }
  if (now - sweptAt >= LOG_INTERVAL_MS) {
    for (const [key, entry] of logged) if (now - entry.at >= LOG_INTERVAL_MS) logged.delete(key);
    sweptAt = now;
  }
  logged.set(client, { at: now, left: 0 });
  const line = last?.left ? `${message} (and ${last.left} more from ${client} since its last line)` : message;
  console.error(error === undefined ? line : `${line} ${errorLine(error)}`);
}
