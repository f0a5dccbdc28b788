// Wakes this process's open event streams when a transaction that wrote
// events commits. Another instance's events (several on one PostgreSQL)
// reach them at their next poll instead (lib/events/stream-events.ts).

const waiting = new Set<() => void>();

/** Resolves at the next announcement, or after `ms`, whichever comes first. */
export function nextAnnouncement(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(done);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    waiting.add(done);
    signal?.addEventListener("abort", done, { once: true });
  });
}

export function announceEvents(): void {
  for (const wake of [...waiting]) wake();
}
