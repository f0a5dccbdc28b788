import { nextAnnouncement } from "@/lib/events/announce";
import { deliveryPass, type Pass } from "@/lib/events/delivery-pass";
import { SendPace } from "@/lib/events/send-pace";
import { startDueNotifications } from "@/lib/notify/deliver-notifications";

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
// A pass's statement goes ahead of the requests' on PGlite (aheadOfRequests):
// the least time between two, so that under a stream of events the passes
// take a small share of the database and each gathers several events.
const PASS_GAP_MS = 100;
// A timer set for when the pace has room again fires a little after it, so that it does.
const RETRY_PACED_MS = 5;

export function startDeliveryWorker(): { stop: () => void } {
  const stopped = new AbortController();
  const webhooks = new Set<Promise<void>>();
  const pushes = new Set<Promise<void>>();
  // Pushes and ntfy messages give way to the requests (lib/events/send-pace.ts).
  const pace = new SendPace();
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
  // second for another instance's. Deliveries and channels are claimed when
  // the fan-out made some, when the last claim was full (more may wait for
  // room), or once a second (retries, the end of a batch window or of quiet
  // hours): a send that ends only makes room, and costs no statement unless
  // something waits for it.
  let fanOutDue = true;
  let webhooksDue = true;
  let channelsDue = true;
  // Listened for across passes: events that commit while a pass waits on the
  // database are fanned out by the next one, not a second later at the tick.
  let woken: Promise<void> | null = null;
  let lastPass = Number.NEGATIVE_INFINITY;
  const listen = () =>
    (woken ??= nextAnnouncement(IDLE_MS, stopped.signal).then((announced) => {
      woken = null;
      fanOutDue = webhooksDue = true;
      // New events reach channels through the fan-out, which says whether it made notifications.
      if (!announced) channelsDue = true;
    }));
  void (async () => {
    while (!stopped.signal.aborted) {
      listen();
      let started = 0;
      let failed = false;
      let paced = false;
      // Claims are made half a window at a time: a send that ends does not cost a claim of its own.
      const webhookRoom: number =
        webhooksDue && webhooks.size <= WEBHOOK_WINDOW / 2 ? WEBHOOK_WINDOW - webhooks.size : 0;
      if (fanOutDue || webhookRoom > 0) {
        const wait = lastPass + PASS_GAP_MS - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        lastPass = performance.now();
        const fanOut: boolean = fanOutDue;
        fanOutDue = false;
        const pass: Pass | null = await run(
          "webhook deliveries",
          () => deliveryPass({ fanOut, room: webhookRoom }),
          null,
        );
        if (pass) {
          started += track(webhooks, pass.sends);
          webhooksDue = pass.sends.length >= webhookRoom;
          if (pass.notifications > 0) channelsDue = true;
          if (pass.more) fanOutDue = true;
        } else {
          fanOutDue = fanOut;
          failed = true;
        }
      }
      if (channelsDue && pushes.size <= PUSH_WINDOW / 2) {
        const room = Math.min(PUSH_WINDOW - pushes.size, pace.room());
        if (room > 0) {
          const sends = await run("notifications", () => startDueNotifications(room), []);
          pace.spend(sends.length);
          channelsDue = sends.length >= room;
          started += track(pushes, sends);
        } else paced = true;
      }
      // A window claimed: what is due may be more; go on once half of one has been sent.
      if (started > 0 && (webhooks.size < WEBHOOK_WINDOW || pushes.size < PUSH_WINDOW)) continue;
      // Events came while this pass ran; after a failure, the tick tries again.
      if (fanOutDue && !failed) continue;
      const waits = [listen(), new Promise<void>((resolve) => (sendEnded = resolve))];
      // Held back by the pace: claimed again when the next chunk may go.
      let pacedTimer: NodeJS.Timeout | undefined;
      if (paced)
        waits.push(new Promise((resolve) => (pacedTimer = setTimeout(resolve, pace.untilRoom() + RETRY_PACED_MS))));
      await Promise.race(waits);
      // Woken sooner (a send ended, an event came): the next turn sets its own.
      clearTimeout(pacedTimer);
    }
  })();
  return { stop: () => stopped.abort() };
}
