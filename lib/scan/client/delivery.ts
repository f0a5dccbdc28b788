// What the offline queue does with the answer to one send (docs/contract.md, "Scan decisions").
// A scan leaves the queue only when the server recorded it (2xx, including a
// replay of an earlier send) or can never accept it (a 4xx other than the
// transient ones): a bad scan must not block the queue forever. Everything
// else — no network, timeouts, 429, 5xx — is tried again later with the same
// client_id, which the server records at most once.

import "client-only";
export type DeliveryOutcome = "delivered" | "retry" | "drop";

/** `status` is the HTTP status, or 0 when no answer came (offline, timeout). */
export function deliveryOutcome(status: number): DeliveryOutcome {
  if (status >= 200 && status < 300) return "delivered";
  if (status === 0 || status === 408 || status === 425 || status === 429 || status >= 500) return "retry";
  if (status >= 400) return "drop";
  return "retry";
}

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;

/** Wait before the next background try after `failures` failed ones: 5 s, 10 s, 20 s … at most 5 min. */
export function retryDelayMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 16));
}
