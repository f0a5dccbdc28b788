import "client-only";
import { api, FetchError } from "@/lib/http/client-api";
import type { RecordScanResponse } from "@/lib/scan/schemas";
import { newClientId } from "@/lib/scan/client/client-id";
import { deliveryOutcome } from "@/lib/scan/client/delivery";
import {
  addToOutbox,
  announce,
  isInOutbox,
  outboxItems,
  recordOutboxFailure,
  removeFromOutbox,
  type QueuedScan,
} from "@/lib/scan/client/outbox";

// The one way the pages record a scan (docs/contract.md, "Scan decisions"). Every scan is put
// in the IndexedDB outbox first, with a client_id, then sent; it leaves the
// outbox only once the server recorded it. A scan taken without signal stays
// there and `flushOutbox` sends it later; the server records each client_id
// once, so a scan sent twice (answer lost, two tabs, retry racing) is still
// one scan.

export type ScanToSend = {
  value: string;
  format?: string | null;
  note?: string | null;
  /** Given by the caller that wants to follow the scan through the outbox; made here otherwise. */
  clientId?: string;
};

export type RecordedScan = RecordScanResponse;

export type SendScanResult =
  | { status: "sent"; clientId: string; scan: RecordedScan }
  | { status: "queued"; clientId: string }
  /** A flush sent it first; its "delivered" outbox event carries the scan. */
  | { status: "flushed"; clientId: string };

const SEND_TIMEOUT_MS = 15_000;
const SCAN_URL = "/base-scan/api/scan";

type Attempt =
  | { outcome: "delivered"; scan: RecordedScan }
  | { outcome: "retry"; error: FetchError }
  | { outcome: "drop"; error: FetchError };

async function post(item: QueuedScan): Promise<Attempt> {
  try {
    const scan = await api<RecordedScan>(SCAN_URL, {
      method: "POST",
      json: { value: item.value, format: item.format, note: item.note, client_id: item.client_id },
      // A request stuck on a dead connection counts as no signal.
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    // An answer cut off mid-body: the scan may be recorded, and the resend
    // (same client_id) will fetch it as a replay.
    if (typeof scan?.id !== "number")
      return { outcome: "retry", error: new FetchError(0, "network", "The answer was cut off.") };
    return { outcome: "delivered", scan };
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    const outcome = deliveryOutcome(error.status);
    return { outcome: outcome === "delivered" ? "retry" : outcome, error };
  }
}

let chain: Promise<unknown> = Promise.resolve();

/**
 * One send at a time: across tabs with Web Locks where the browser has them
 * (secure contexts), else within this tab. The server's client_id check
 * keeps anything that slips past this exact-once anyway.
 */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  // The lock resolves with the task's promise; `then` flattens it for the types too.
  if (locks) return locks.request("labs-scan-outbox", task).then((result) => result);
  const run = chain.then(task, task);
  chain = run.catch(() => undefined);
  return run;
}

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/**
 * Records a scan now, or queues it when there is no signal. Throws a
 * FetchError when the server refuses it for good (a 4xx): retrying would not help.
 */
export async function sendScan(scan: ScanToSend): Promise<SendScanResult> {
  const item: QueuedScan = {
    client_id: scan.clientId ?? newClientId(),
    value: scan.value,
    format: scan.format ?? null,
    note: scan.note ?? null,
    queued_at: new Date().toISOString(),
    failures: 0,
  };
  const queued = await addToOutbox(item).then(
    () => true,
    () => false,
  );
  if (queued && isOffline()) return { status: "queued", clientId: item.client_id };

  return oneAtATime(async () => {
    // A flush that ran first may have sent it already.
    if (queued && !(await isInOutbox(item.client_id))) return { status: "flushed", clientId: item.client_id };
    const attempt = await post(item);
    if (attempt.outcome === "delivered") {
      if (queued) await settle(item.client_id, { type: "delivered", client_id: item.client_id, scan: attempt.scan });
      return { status: "sent", clientId: item.client_id, scan: attempt.scan };
    }
    if (attempt.outcome === "drop" || !queued) {
      if (queued) await settle(item.client_id, { type: "changed" });
      throw attempt.error;
    }
    await recordOutboxFailure(item.client_id);
    announce({ type: "changed" });
    return { status: "queued", clientId: item.client_id };
  });
}

export type FlushResult = { delivered: number; dropped: number; left: number };

/**
 * Sends every queued scan, oldest first, and stops at the first one that
 * cannot get through (still offline, server down): the rest would fail too.
 */
export function flushOutbox(): Promise<FlushResult> {
  return oneAtATime(async () => {
    const result: FlushResult = { delivered: 0, dropped: 0, left: 0 };
    const items = await outboxItems();
    for (const [index, item] of items.entries()) {
      const attempt = await post(item);
      if (attempt.outcome === "delivered") {
        result.delivered += 1;
        await settle(item.client_id, { type: "delivered", client_id: item.client_id, scan: attempt.scan });
      } else if (attempt.outcome === "drop") {
        result.dropped += 1;
        await settle(item.client_id, { type: "dropped", client_id: item.client_id, message: attempt.error.message });
      } else {
        await recordOutboxFailure(item.client_id);
        result.left = items.length - index;
        break;
      }
    }
    announce({ type: "changed" });
    return result;
  });
}

async function settle(clientId: string, event: Parameters<typeof announce>[0]): Promise<void> {
  await removeFromOutbox(clientId);
  announce(event);
}
