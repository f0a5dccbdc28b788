import { subscribe } from "node:diagnostics_channel";

// The recording half of lib/http/peer-address.ts, in plain JavaScript so the
// server (scripts/server.mjs) installs it before its port opens; the
// instrumentation installs it too, for `next dev`. See peer-address.ts for why.

export const PEER_ADDRESS_HEADER = "x-labs-peer-address";
export const PEER_TLS_HEADER = "x-labs-peer-tls";
export const RAW_PREFIX = "x-labs-raw-";

/** The forwarding headers kept as they arrived. */
export const FORWARDING_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-real-ip",
  "forwarded",
];

// On globalThis: the server, the instrumentation and the route handlers each
// load their own copy of this module, but share the process.
const holder = globalThis;

/** Whether the recorder runs in this process: only then are the headers ours. */
export function recordsPeerAddresses() {
  return holder.labsPeerAddresses === true;
}

/** Copies each request's TCP peer and raw forwarding headers into headers of our own. Idempotent. */
export function recordPeerAddresses() {
  if (holder.labsPeerAddresses) return;
  subscribe("http.server.request.start", ({ request, socket }) => {
    request.headers[PEER_ADDRESS_HEADER] = socket.remoteAddress ?? "";
    request.headers[PEER_TLS_HEADER] = socket.encrypted ? "1" : "0";
    for (const name of FORWARDING_HEADERS) {
      const value = request.headers[name];
      request.headers[`${RAW_PREFIX}${name}`] = Array.isArray(value) ? value.join(", ") : (value ?? "");
    }
  });
  holder.labsPeerAddresses = true;
}
