import {
  FORWARDING_HEADERS,
  PEER_ADDRESS_HEADER,
  PEER_TLS_HEADER,
  RAW_PREFIX,
  recordsPeerAddresses,
} from "@/lib/http/peer-recorder.mjs";

export { FORWARDING_HEADERS, PEER_ADDRESS_HEADER } from "@/lib/http/peer-recorder.mjs";

// What a Web `Request` in a route handler cannot tell: the TCP peer, and the
// forwarding headers as the client (or its proxy) really sent them. Next
// fills in X-Forwarded-For, -Host, -Proto and -Port when they are absent and
// builds request.url from X-Forwarded-Proto, so by the time a handler runs it
// cannot tell a header a client wrote from one Next added.
//
// The server (server/main.ts) sees every request first: it copies the peer
// and the raw forwarding headers into headers of our own (recordPeer in
// lib/http/peer-recorder.mjs), overwriting whatever a client sent under
// those names, so they can be trusted (docs/decisions/001-client-address.md),
// before the front door or Next reads the request.

/**
 * The address the request's connection came from, or null when unknown (the
 * recorder is not installed in this process): callers must then assume the
 * worst rather than trust a header a client could have sent.
 */
export function peerAddress(request: Request): string | null {
  if (!recordsPeerAddresses()) return null;
  return request.headers.get(PEER_ADDRESS_HEADER) || null;
}

/** Whether the connection itself is TLS (never, behind a proxy that ends TLS). */
export function peerIsTls(request: Request): boolean {
  return recordsPeerAddresses() && request.headers.get(PEER_TLS_HEADER) === "1";
}

/**
 * A forwarding header as it arrived on the socket, before Next filled any in;
 * null when absent (or when the recorder is not installed).
 */
export function rawForwardingHeader(request: Request, name: (typeof FORWARDING_HEADERS)[number]): string | null {
  if (!recordsPeerAddresses()) return null;
  return request.headers.get(`${RAW_PREFIX}${name}`) || null;
}
