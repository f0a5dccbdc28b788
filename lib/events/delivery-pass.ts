import "server-only";
import { aheadOfRequests, db } from "@/lib/db";
import { notificationFanOut } from "@/lib/notify/deliver-notifications";
import {
  FAN_OUT_DESTINATIONS,
  flushDelivered,
  startSends,
  webhookFanOutAndClaim,
  type ClaimedDelivery,
} from "@/lib/webhooks/deliver-webhooks";

// One pass of the delivery worker (lib/events/delivery-worker.ts) is one
// statement: new events fanned out to webhook deliveries and to
// notifications, and webhook deliveries claimed, new ones among them. On
// PGlite every statement waits behind the requests' on its one connection:
// a pass of four statements took a drop four waits to reach a webhook,
// this one takes one (docs/benchmarks.md, "Events").

export type Pass = {
  /** The webhook sends started, one per claimed delivery. */
  sends: Promise<void>[];
  /** Webhook deliveries made for new events. */
  deliveries: number;
  /** Notifications made for new events: channels may have something to send. */
  notifications: number;
  /** Webhooks or channels were left for the next pass (a pass fans out to FAN_OUT_DESTINATIONS of each). */
  more: boolean;
};

/** Fans new events out (when `fanOut`), claims up to `room` webhook deliveries and starts sending them. */
export async function deliveryPass({ fanOut, room }: { fanOut: boolean; room: number }): Promise<Pass> {
  // Ahead of the requests on PGlite: the sends it starts and their records take their turn.
  const [row] = await aheadOfRequests(
    () => db().$queryRaw<{ sends: ClaimedDelivery[]; deliveries: number; notifications: number; more: boolean }[]>`
      WITH newest AS (SELECT last_id FROM event_counter WHERE id = 1),
           ${webhookFanOutAndClaim({ fanOut, room })},
           ${notificationFanOut(fanOut)}
      SELECT (SELECT coalesce(json_agg(webhook_sends), '[]') FROM webhook_sends) AS sends,
             (SELECT count(*)::int FROM made) AS deliveries,
             (SELECT count(*)::int FROM notices) AS notifications,
             (SELECT count(*) FROM hooks) >= ${FAN_OUT_DESTINATIONS}::int
               OR (SELECT count(*) FROM notify_channels) >= ${FAN_OUT_DESTINATIONS}::int AS more`,
  );
  return {
    sends: startSends(row?.sends ?? []),
    deliveries: row?.deliveries ?? 0,
    notifications: row?.notifications ?? 0,
    more: row?.more ?? false,
  };
}

/** A pass without the fan-out that waits for its sends and their records: for tests that read the rows after. */
export async function deliverDue({ limit = 20 } = {}): Promise<number> {
  const { sends } = await deliveryPass({ fanOut: false, room: limit });
  await Promise.all(sends);
  await flushDelivered();
  return sends.length;
}
