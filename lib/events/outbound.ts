import { lookup as dnsLookup, promises as dnsPromises, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

// Requests to push services, ntfy servers (docs/decisions/024-notifications.md)
// and webhooks' receivers: Node's http client, lighter on the server's thread
// than fetch. For pushes and ntfy, a phone's page names the address, and in
// open mode that page is anyone's: unless WEB_PUSH_ALLOW_PRIVATE is on, only
// https to public addresses is taken, and the address is checked where the
// connection is made, so a name that resolves to a public address when
// subscribed and to 127.0.0.1 when sent (DNS rebinding) is still refused.
// Webhooks' addresses are the operator's, private ones allowed. No redirect
// is followed, and no more of an answer is read than is kept.

/** Whether an address may be sent to: public unicast, or anything when private ones are allowed. */
export function isAllowedAddress(address: string, allowPrivate: boolean): boolean {
  if (allowPrivate) return true;
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}

export type DestinationRefusal = "notAddress" | "httpsOnly" | "credentials" | "notPublic";

const REFUSALS: Record<DestinationRefusal, string> = {
  notAddress: "is not an address",
  httpsOnly: "must be an https:// address",
  credentials: "must not carry a user name or password",
  notPublic: "must be on a public address",
};

/** Why a destination URL is refused, or null: https only unless private addresses are allowed; no credentials. */
export function refuseDestination(value: string, allowPrivate: boolean): DestinationRefusal | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "notAddress";
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return "httpsOnly";
  if (url.username || url.password) return "credentials";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0 && !isAllowedAddress(host, allowPrivate)) return "notPublic";
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost"))) return "notPublic";
  return null;
}

/** Whether a host name leads to addresses not allowed, looked up now; a name that does not resolve is left to the send. */
export async function leadsToRefusedAddress(value: string, allowPrivate: boolean): Promise<boolean> {
  if (allowPrivate) return false;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0) return !isAllowedAddress(host, false);
  try {
    const addresses = await dnsPromises.lookup(host, { all: true });
    return addresses.some(({ address }) => !isAllowedAddress(address, false));
  } catch {
    return false;
  }
}

/** dns.lookup, refusing names that lead to an address not allowed. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = addresses.find(({ address }) => !isAllowedAddress(address, allowPrivate));
      if (refused || addresses.length === 0) {
        const reason = Object.assign(
          new Error(`${hostname} leads to ${refused?.address ?? "no address"}, not public`),
          {
            code: "EADDRNOTPUBLIC",
          },
        );
        return callback(reason, "", 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

export type OutboundAnswer = { status: number; text: string };

/**
 * One POST; resolves with the status and the first `keep` characters of the
 * answer, rejects on a refused address, a network error or the timeout.
 */
export function postOutbound(
  url: string,
  {
    headers,
    body,
    timeoutMs,
    allowPrivate,
    keep = 1024,
  }: {
    headers: Record<string, string>;
    body: Buffer | string;
    timeoutMs: number;
    allowPrivate: boolean;
    keep?: number;
  },
): Promise<OutboundAnswer> {
  const refused = refuseDestination(url, allowPrivate);
  if (refused) return Promise.reject(new Error(`the address ${REFUSALS[refused]}`));
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate),
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < keep * 4) chunks.push(chunk);
          size += chunk.byteLength;
          if (size >= keep * 4) response.destroy();
        });
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8").slice(0, keep),
          });
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", (error) =>
      reject((error as Error).name === "AbortError" ? new Error(`no answer within ${timeoutMs} ms`) : error),
    );
    request.end(body);
  });
}
