// The recording half of lib/http/peer-address.ts, in plain JavaScript: the
// server (server/main.ts) calls recordPeer on each request before anything
// else reads it, the front door's routes and Next's pages alike. See
// peer-address.ts for why.

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

/**
 * Set by the server that records peers: only then are the headers ours. A
 * variable of the process's environment, not a global, because the server's
 * bundle and Next's each load their own copy of this module.
 */
const RECORDING = "LABS_RECORDS_PEERS";

/** Whether the server of this process records each request's peer. */
export function recordsPeerAddresses() {
  return process.env[RECORDING] === "1";
}

/** Says, for this process, that every request is recorded (server/main.ts, before its port opens). */
export function startRecordingPeers() {
  process.env[RECORDING] = "1";
}

/**
 * Copies the request's TCP peer and its raw forwarding headers into headers
 * of our own, in place of any a client sent under those names: in
 * `headers`, which Next reads, and in `rawHeaders`, from which the front
 * door's Web request is built.
 * @param {import("node:http").IncomingMessage} request
 */
export function recordPeer(request) {
  const socket = /** @type {import("node:tls").TLSSocket} */ (request.socket);
  /** @type {Record<string, string>} */
  const ours = {
    [PEER_ADDRESS_HEADER]: socket.remoteAddress ?? "",
    [PEER_TLS_HEADER]: socket.encrypted ? "1" : "0",
  };
  const headers = request.headers;
  for (const name of FORWARDING_HEADERS) {
    const value = headers[name];
    ours[`${RAW_PREFIX}${name}`] = Array.isArray(value) ? value.join(", ") : (value ?? "");
  }
  const raw = request.rawHeaders;
  const kept = [];
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index].toLowerCase();
    if (!(name in ours)) kept.push(raw[index], raw[index + 1]);
  }
  for (const [name, value] of Object.entries(ours)) {
    kept.push(name, value);
    headers[name] = value;
  }
  raw.splice(0, raw.length, ...kept);
}
