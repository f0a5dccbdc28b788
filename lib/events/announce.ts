// Wakes this process's open event streams when a transaction that wrote
// events commits. Another instance's events (several on one PostgreSQL)
// reach them at their next poll instead (lib/events/stream-events.ts).

const waiting = new Set<() => void>();

/** Resolves at the next announcement (true), or after `ms` (false), whichever comes first. */
export function nextAnnouncement(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (announced: boolean) => {
      clearTimeout(timer);
      waiting.delete(wake);
      signal?.removeEventListener("abort", stop);
      resolve(announced);
    };
    const wake = () => done(true);
    const stop = () => done(false);
    const timer = setTimeout(stop, ms);
    waiting.add(wake);
    signal?.addEventListener("abort", stop, { once: true });
  });
}

export function announceEvents(): void {
  for (const wake of [...waiting]) wake();
}
