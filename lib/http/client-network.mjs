import { isIP } from "node:net";

// Reading an address and the network a per-client limit counts it against, in
// plain JavaScript so that the server (server/main.ts) counts connections
// per client the same way the app counts requests (lib/http/client-address.ts,
// docs/decisions/011-socket-peer-address.md).

/**
 * "[::1]:4711" → "::1", "127.0.0.1:80" → "127.0.0.1", "::ffff:10.0.0.1" → "10.0.0.1"; null if unreadable.
 * @param {string} raw
 * @returns {string | null}
 */
export function normaliseAddress(raw) {
  let address = raw.trim().replace(/^"|"$/g, "");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  if (v4WithPort?.[1]) address = v4WithPort[1];
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) address = mapped[1];
  return isIP(address) === 0 ? null : address.toLowerCase();
}

/**
 * What a per-client limit counts against: an IPv4 address as it is, an IPv6
 * address by its /64, the smallest network a home or a host is given, so
 * one attacker cannot take a fresh address for every request.
 * @param {string} address
 * @returns {string}
 */
export function clientNetwork(address) {
  if (isIP(address) !== 6) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}
