import { nextAnnouncement } from "@/lib/events/announce";
import { latestEventId, listEvents } from "@/lib/events/list-events";
import type { EventType } from "@/lib/events/schemas";
import { AppError, errorText } from "@/lib/http/errors";

// GET /labs/api/events/stream: the event log as Server-Sent Events
// (https://html.spec.whatwg.org/multipage/server-sent-events.html). Each
// event goes out as `id:` (its id, which a browser sends back as
// Last-Event-ID when it reconnects), `event:` (its type) and `data:` (the
// event as GET /labs/api/events has it).

/** How often an idle stream looks for events written by another instance. */
export const STREAM_POLL_MS = 2000;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** What a browser waits before reconnecting. */
const RETRY_MS = 3000;

const encoder = new TextEncoder();

/**
 * Where a stream starts: after the Last-Event-ID a reconnecting browser
 * sends (it wins over the URL), else after `after`, else at the newest
 * event: a live page wants what happens next, not 90 days of history.
 */
export async function streamStart({ after, lastEventId }: { after?: number; lastEventId: string | null }) {
  if (lastEventId === null) return after ?? (await latestEventId());
  const id = lastEventId.trim();
  if (/^\d{1,15}$/.test(id)) return Number(id);
  throw new AppError("validation_failed", errorText("events.badLastEventId"), {
    issues: [{ path: "Last-Event-ID", message: errorText("events.badLastEventIdIssue") }],
  });
}

export function eventStream({ after, types }: { after: number; types?: EventType[] }): ReadableStream<Uint8Array> {
  let cursor = after;
  let lastWrite = Date.now();
  const closed = new AbortController();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n\n`));
      },
      // Called whenever the reader wants more: one batch of events, or a
      // heartbeat, per call; between them it waits for news.
      async pull(controller) {
        while (!closed.signal.aborted) {
          const page = await listEvents({ after: cursor, types, limit: 100 });
          if (page.events.length > 0) {
            const frames = page.events.map(
              (event) => `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`,
            );
            controller.enqueue(encoder.encode(frames.join("")));
            cursor = page.next;
            lastWrite = Date.now();
            return;
          }
          if (Date.now() - lastWrite >= HEARTBEAT_MS) {
            controller.enqueue(encoder.encode(": still here\n\n"));
            lastWrite = Date.now();
            return;
          }
          await nextAnnouncement(STREAM_POLL_MS, closed.signal);
        }
      },
      cancel() {
        closed.abort();
      },
    },
    // Nothing is read ahead of the client: each batch waits for it to take the last.
    { highWaterMark: 0 },
  );
}
