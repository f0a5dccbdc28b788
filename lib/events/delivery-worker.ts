import { nextAnnouncement } from "@/lib/events/announce";
import { fanOutNotifications, startDueNotifications } from "@/lib/notify/deliver-notifications";
import { fanOutEvents, startDue } from "@/lib/webhooks/deliver-webhooks";

// The server's delivery worker: woken when events commit (or a test or a
// retry is asked for), when a send ends, else once a second for retries, for
// the end of a batch window or of quiet hours, and for another instance's
// events. A pass fans new events out to webhook deliveries and to
// notifications, then starts sending what is due, without waiting for them,
// up to a window of each: a receiver that hangs for its whole timeout holds
// one place, not the others. A pass that fails is logged and the next one
// tries again: everything waiting stays in the database.

const IDLE_MS = 1000;
// Webhook sends are waits on the network: a wide window keeps up with an
// event a request (a window of 32 fell behind 50 observing clients, and their
// drops reached the receiver seconds late). Each push is encrypted on this
// thread first: a narrow window leaves the requests room meanwhile.
const WEBHOOK_WINDOW = 128;
const PUSH_WINDOW = 16;

export function startDeliveryWorker(): { stop: () => void } {
  const stopped = new AbortController();
  const webhooks = new Set<Promise<void>>();
  const pushes = new Set<Promise<void>>();
  let sendEnded: () => void = () => undefined;
  const track = (inFlight: Set<Promise<void>>, sends: Promise<void>[]) => {
    for (const send of sends) {
      inFlight.add(send);
      void send.finally(() => {
        inFlight.delete(send);
        sendEnded();
      });
    }
    return sends.length;
  };
  const run = async <T>(label: string, work: () => Promise<T>, fallback: T) => {
    try {
      return await work();
    } catch (error) {
      console.error(`labs: ${label}:`, error);
      return fallback;
    }
  };
  // New events are fanned out when this process commits some, or once a
  // second for another instance's; a send that ends only makes room.
  let fanOutDue = true;
  void (async () => {
    while (!stopped.signal.aborted) {
      if (fanOutDue) {
        fanOutDue = false;
        await run("webhook deliveries", fanOutEvents, 0);
        await run("notifications", fanOutNotifications, 0);
      }
      let started = 0;
      // Claims are made half a window at a time: a send that ends does not cost a claim of its own.
      if (webhooks.size <= WEBHOOK_WINDOW / 2) {
        const room = WEBHOOK_WINDOW - webhooks.size;
        started += track(webhooks, await run("webhook deliveries", () => startDue(room), []));
      }
      if (pushes.size <= PUSH_WINDOW / 2) {
        const room = PUSH_WINDOW - pushes.size;
        started += track(pushes, await run("notifications", () => startDueNotifications(room), []));
      }
      // A window claimed: what is due may be more; go on once half of one has been sent.
      if (started > 0 && (webhooks.size < WEBHOOK_WINDOW || pushes.size < PUSH_WINDOW)) continue;
      await Promise.race([
        nextAnnouncement(IDLE_MS, stopped.signal).then(() => void (fanOutDue = true)),
        new Promise<void>((resolve) => (sendEnded = resolve)),
      ]);
    }
  })();
  return { stop: () => stopped.abort() };
}
