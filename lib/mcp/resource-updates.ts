import { nextAnnouncement } from "@/lib/events/announce";
import { latestEventId, listEvents } from "@/lib/events/list-events";
import type { EventType } from "@/lib/events/schemas";

// MCP resource subscriptions (docs/decisions/014-mcp.md): an agent that
// listens on labs://ask/pending or labs://research/snapshot is sent
// notifications/resources/updated when an event says that resource changed,
// so it learns of a new todo without polling. The event log is followed as
// the streams follow it: woken by this process's commits, else once a second
// for another instance's. A notification names the resource only; reading
// it is a request like any other, with the key's scopes checked.

/** Which events change which resource. */
export const RESOURCE_EVENTS: Record<string, readonly EventType[]> = {
  "labs://ask/pending": ["todo.created", "todo.claim_expired", "decision.ready", "todo.answered"],
  "labs://research/snapshot": ["price.dropped", "price.watch_hit", "note.created"],
};

const WATCHED_TYPES = [...new Set(Object.values(RESOURCE_EVENTS).flat())];
const IDLE_MS = 1000;
const PAGE = 1000;

/** The resources these event types change, each once. */
export function updatedResources(types: Iterable<string>): string[] {
  const seen = new Set(types);
  return Object.entries(RESOURCE_EVENTS)
    .filter(([, changing]) => changing.some((type) => seen.has(type)))
    .map(([uri]) => uri);
}

/**
 * Follows the event log from now on and tells `notify` of every resource an
 * event changes. A pass that fails is logged, and the next goes on from the
 * same place.
 */
export function followResourceUpdates(notify: { resourceUpdated: (uri: string) => void }, signal?: AbortSignal): void {
  void (async () => {
    let mark = await latestEventId().catch(() => 0);
    while (!signal?.aborted) {
      await nextAnnouncement(IDLE_MS, signal);
      try {
        const newest = await latestEventId();
        if (newest <= mark) continue;
        const { events } = await listEvents({ after: mark, types: WATCHED_TYPES, limit: PAGE });
        // Fewer than a page: every watched event up to `newest` has been read.
        mark = events.length < PAGE ? newest : events.at(-1)!.id;
        for (const uri of updatedResources(events.map((event) => event.type))) notify.resourceUpdated(uri);
      } catch (error) {
        console.error("labs: MCP resource updates:", error);
      }
    }
  })();
}
