import { announceEvents } from "@/lib/events/announce";

/** Wakes this process's delivery worker (lib/events/delivery-worker.ts), which waits on the event announcements. */
export function wakeDeliveryWorker(): void {
  announceEvents();
}
