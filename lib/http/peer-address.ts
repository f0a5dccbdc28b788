import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

// The TCP peer of a request, which a Web `Request` in a route handler does not
// carry. Node publishes every incoming request on the "http.server.request.start"
// diagnostics channel, with its socket, before any listener (Next's included)
// sees it; the subscriber below writes the peer's address into a header of our
// own, overwriting whatever a client sent under that name, so the header can be
// trusted where X-Forwarded-For cannot (Next keeps a client's X-Forwarded-For
// and only fills it in when absent).

export const PEER_ADDRESS_HEADER = "x-labs-peer-address";

type StartMessage = { request: IncomingMessage; socket: Socket };

// On globalThis: instrumentation and route handlers are bundled apart, each
// with its own copy of this module, but share the process.
const holder = globalThis as typeof globalThis & { labsPeerAddresses?: boolean };

/** Called once from instrumentation.ts, before the server takes requests. */
export function recordPeerAddresses(): void {
  if (holder.labsPeerAddresses) return;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as StartMessage;
    request.headers[PEER_ADDRESS_HEADER] = socket.remoteAddress ?? "";
  });
  holder.labsPeerAddresses = true;
}

/**
 * The address the request's connection came from, or null when unknown (the
 * recorder is not installed in this process): callers must then assume the
 * worst rather than trust a header a client could have sent.
 */
export function peerAddress(request: Request): string | null {
  if (!holder.labsPeerAddresses) return null;
  return request.headers.get(PEER_ADDRESS_HEADER) || null;
}
