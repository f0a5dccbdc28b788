import { requestHost } from "@/lib/http/allowed-hosts";
import { isHttps } from "@/lib/http/client-address";

/** The link a phone opens to pair: this request's own origin (an allowed host), never a header's guess. */
export function pairingUrl(request: Request, code: string): string {
  const origin = `${isHttps(request) ? "https" : "http"}://${requestHost(request)}`;
  return `${origin}/labs/pair?code=${code}`;
}
