import "server-only";
import { aheadOfRequests, db } from "@/lib/db";
import { flushDelivered, startSends, type ClaimedDelivery } from "@/lib/webhooks/deliver-webhooks";

// One pass of the delivery worker (lib/events/delivery-worker.ts) is one
// statement: new events fanned out to webhook deliveries and to
// notifications, and webhook deliveries claimed, new ones among them. On
// PGlite every statement waits behind the requests' on its one connection:
// a pass of four statements took a drop four waits to reach a webhook,
// this one takes one (docs/benchmarks.md, "Events"). The statement is the
// database's function delivery_pass(), planned once per connection
// (docs/decisions/037-delivery-planned-once.md).

/** A webhook delivery's claim: another worker may take it after this, should this one die sending. */
const CLAIM_SECONDS = 60;
/** How many events one pass gives one webhook, or one channel, deliveries for. */
const FAN_OUT_BATCH = 500;
/**
 * How many webhooks, and how many channels, one pass fans out to; the next
 * pass goes on with the rest. On PGlite the requests wait while a pass runs:
 * an event for a thousand webhooks and a thousand phones in one statement
 * held every scan for as long as it took.
 */
export const FAN_OUT_DESTINATIONS = 200;

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

type PassRow = { r_sends: ClaimedDelivery[]; r_deliveries: number; r_notifications: number; r_more: boolean };

/** Fans new events out (when `fanOut`), claims up to `room` webhook deliveries and starts sending them. */
export async function deliveryPass({ fanOut, room }: { fanOut: boolean; room: number }): Promise<Pass> {
  // Ahead of the requests on PGlite: the sends it starts and their records take their turn.
  const [row] = await aheadOfRequests(
    () => db().$queryRaw<PassRow[]>`
      SELECT * FROM delivery_pass(
        p_fan_out => ${fanOut}::boolean, p_room => ${room}::int, p_destinations => ${FAN_OUT_DESTINATIONS}::int,
        p_batch => ${FAN_OUT_BATCH}::int, p_claim_seconds => ${CLAIM_SECONDS}::int)`,
  );
  return {
    sends: startSends(row?.r_sends ?? []),
    deliveries: row?.r_deliveries ?? 0,
    notifications: row?.r_notifications ?? 0,
    more: row?.r_more ?? false,
  };
}

/** A pass without the fan-out that waits for its sends and their records: for tests that read the rows after. */
export async function deliverDue({ limit = 20 } = {}): Promise<number> {
  const { sends } = await deliveryPass({ fanOut: false, room: limit });
  await Promise.all(sends);
  await flushDelivered();
  return sends.length;
}
