import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";
import { clientNetwork, normaliseAddress } from "@/lib/http/client-network.mjs";
import { FORWARDING_HEADERS, peerAddress, peerIsTls, rawForwardingHeader } from "@/lib/http/peer-address";

// Who is calling: the one answer for the whole app (login throttle, usage log,
// research guard, household mode). The TCP peer, taken from Node's socket
// (lib/http/peer-address.ts), never a header a client writes; only when that
// peer is a proxy named in TRUSTED_PROXIES is its X-Forwarded-For believed,
// and then the client is the right-most entry that is not itself a trusted
// proxy: every entry left of it was written by someone we do not trust.
// See docs/decisions/001-client-address.md.

function addLoopback(blocks: BlockList): BlockList {
  blocks.addSubnet("127.0.0.0", 8, "ipv4");
  blocks.addAddress("::1", "ipv6");
  return blocks;
}

const loopback = addLoopback(new BlockList());

// Shared with the server, which counts connections per client (server/main.ts).
export { clientNetwork, normaliseAddress };

function familyOf(address: string): "ipv4" | "ipv6" {
  return isIP(address) === 4 ? "ipv4" : "ipv6";
}

/** 127.0.0.0/8, ::1 or their IPv4-mapped form; anything unreadable is not. */
export function isLoopbackAddress(raw: string): boolean {
  const address = normaliseAddress(raw);
  return address !== null && loopback.check(address, familyOf(address));
}

const proxyLists = new Map<string, BlockList>();

/** TRUSTED_PROXIES entries (validated by lib/env.ts) as a BlockList, built once per list. */
function proxyBlocks(entries: readonly string[]): BlockList {
  const key = entries.join(",");
  const cached = proxyLists.get(key);
  if (cached) return cached;
  const blocks = new BlockList();
  for (const entry of entries) {
    if (entry === "loopback") {
      addLoopback(blocks);
      continue;
    }
    const [address = "", bits] = entry.split("/");
    if (bits === undefined) blocks.addAddress(address, familyOf(address));
    else blocks.addSubnet(address, Number(bits), familyOf(address));
  }
  proxyLists.set(key, blocks);
  return blocks;
}

export function isTrustedProxy(address: string, trusted: readonly string[] = env().TRUSTED_PROXIES): boolean {
  const normal = normaliseAddress(address);
  return normal !== null && proxyBlocks(trusted).check(normal, familyOf(normal));
}

/**
 * Who is calling, from the socket's peer and the X-Forwarded-For it carried:
 * the peer itself unless it is a trusted proxy; then the right-most hop that
 * is not one. "unknown" when the peer cannot be read (everyone then shares
 * one bucket, never a header's word).
 */
export function resolveClientAddress(options: {
  peer: string | null;
  forwardedFor: string | null;
  trusted: readonly string[];
}): string {
  const peer = normaliseAddress(options.peer ?? "");
  if (peer === null) return "unknown";
  if (!isTrustedProxy(peer, options.trusted)) return peer;
  const hops = (options.forwardedFor ?? "").split(",").filter((hop) => hop.trim() !== "");
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = normaliseAddress(hops[index]!);
    // Garbage written by someone left of our proxies: believe no further.
    if (hop === null) return peer;
    if (!isTrustedProxy(hop, options.trusted)) return hop;
  }
  return peer;
}

/** The client's address for this request (login throttle, usage log, research guard). */
export function clientAddress(request: Request): string {
  return resolveClientAddress({
    peer: peerAddress(request),
    forwardedFor: rawForwardingHeader(request, "x-forwarded-for"),
    trusted: env().TRUSTED_PROXIES,
  });
}

/** Whether the request arrived with any forwarding header: through a proxy, ours or anyone's. */
export function wasForwarded(request: Request): boolean {
  return FORWARDING_HEADERS.some((name) => rawForwardingHeader(request, name) !== null);
}

/**
 * A request from this machine itself: a loopback peer and no forwarding
 * header at all. A reverse proxy on this host connects from loopback too, but
 * says who its client is; the research agent on 127.0.0.1 says nothing.
 */
export function isLocalRequest(request: Request): boolean {
  const peer = peerAddress(request);
  return peer !== null && isLoopbackAddress(peer) && !wasForwarded(request);
}

/**
 * Served over https: a TLS socket, or a trusted proxy that says so. Never
 * request.url, which Next builds from any client's X-Forwarded-Proto.
 */
export function isHttps(request: Request): boolean {
  if (peerIsTls(request)) return true;
  const peer = peerAddress(request);
  if (peer === null || !isTrustedProxy(peer)) return false;
  return rawForwardingHeader(request, "x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}
