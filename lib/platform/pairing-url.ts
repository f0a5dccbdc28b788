import { requestOrigin } from "@/lib/http/allowed-hosts";

/** The link a phone opens to pair, on this request's own origin. */
export function pairingUrl(request: Request, code: string): string {
  return `${requestOrigin(request)}/labs/pair?code=${code}`;
}
