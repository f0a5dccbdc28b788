import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { TLSSocket } from "node:tls";

// What a Web `Request` in a route handler cannot tell: the TCP peer, and the
// forwarding headers as the client (or its proxy) really sent them. Next
// fills in X-Forwarded-For, -Host, -Proto and -Port when they are absent and
// builds request.url from X-Forwarded-Proto, so by the time a handler runs it
// cannot tell a header a client wrote from one Next added.
//
// Node publishes every incoming request on the "http.server.request.start"
// diagnostics channel, with its socket, before any listener (Next's included)
// sees it; the subscriber below copies the peer and the raw forwarding
// headers into headers of our own, overwriting whatever a client sent under
// those names, so they can be trusted (docs/decisions/001-client-address.md).

export const PEER_ADDRESS_HEADER = "x-labs-peer-address";
const PEER_TLS_HEADER = "x-labs-peer-tls";
const RAW_PREFIX = "x-labs-raw-";

/** The forwarding headers kept as they arrived. */
export const FORWARDING_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-real-ip",
  "forwarded",
] as const;

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
    request.headers[PEER_TLS_HEADER] = (socket as TLSSocket).encrypted ? "1" : "0";
    for (const name of FORWARDING_HEADERS) {
      const value = request.headers[name];
      request.headers[`${RAW_PREFIX}${name}`] = Array.isArray(value) ? value.join(", ") : (value ?? "");
    }
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

/** Whether the connection itself is TLS (never, behind a proxy that ends TLS). */
export function peerIsTls(request: Request): boolean {
  return holder.labsPeerAddresses === true && request.headers.get(PEER_TLS_HEADER) === "1";
}

/**
 * A forwarding header as it arrived on the socket, before Next filled any in;
 * null when absent (or when the recorder is not installed).
 */
export function rawForwardingHeader(request: Request, name: (typeof FORWARDING_HEADERS)[number]): string | null {
  if (!holder.labsPeerAddresses) return null;
  return request.headers.get(`${RAW_PREFIX}${name}`) || null;
}
