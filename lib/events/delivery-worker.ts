import { nextAnnouncement } from "@/lib/events/announce";
import { fanOutNotifications, startDueNotifications } from "@/lib/notify/deliver-notifications";
import { fanOutEvents, startDue } from "@/lib/webhooks/deliver-webhooks";

// The server's delivery worker: woken when events commit (or a test or a
// retry is asked for), when a send ends, else once a second for retries, for
// the end of a batch window or of quiet hours, and for another instance's
// events. A pass fans new events out to webhook deliveries and to
// notifications, then starts sending what is due, up to MAX_IN_FLIGHT at
// once without waiting for them: a receiver that hangs for its whole timeout
// holds one place, not the others. A pass that fails is logged and the next
// one tries again: everything waiting stays in the database.

const IDLE_MS = 1000;
const MAX_IN_FLIGHT = 32;

export function startDeliveryWorker(): { stop: () => void } {
  const stopped = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let sendEnded: () => void = () => undefined;
  const track = (sends: Promise<void>[]) => {
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
      if (inFlight.size <= MAX_IN_FLIGHT / 2) {
        const room = MAX_IN_FLIGHT - inFlight.size;
        started += track(await run("webhook deliveries", () => startDue(room), []));
        const left = MAX_IN_FLIGHT - inFlight.size;
        if (left > 0) started += track(await run("notifications", () => startDueNotifications(left), []));
      }
      // A full window claimed: what is due may be more; go on once half of it has been sent.
      if (started > 0 && inFlight.size < MAX_IN_FLIGHT) continue;
      await Promise.race([
        nextAnnouncement(IDLE_MS, stopped.signal).then(() => void (fanOutDue = true)),
        new Promise<void>((resolve) => (sendEnded = resolve)),
      ]);
    }
  })();
  return { stop: () => stopped.abort() };
}
