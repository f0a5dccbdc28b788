// The scanner reads the same code many times a second while it stays in view.
// A code is passed on once, then ignored while it keeps being seen: it must be
// out of sight for `windowMs` (3 s; docs/contract.md, "Scan decisions") before it counts again. The window
// slides with every sighting, so a product held under the camera for a minute
// is still one scan.

export const SAME_CODE_WINDOW_MS = 3000;

export type CodeFilter = {
  /** True when `value` should be recorded now; every call counts as a sighting. */
  accept: (value: string, now: number) => boolean;
  /** Forget everything (e.g. after the person asked to scan the same code again). */
  reset: () => void;
};

export function createCodeFilter({ windowMs = SAME_CODE_WINDOW_MS }: { windowMs?: number } = {}): CodeFilter {
  const lastSeen = new Map<string, number>();
  return {
    accept(value, now) {
      const previous = lastSeen.get(value);
      lastSeen.set(value, now);
      // Bounded memory: drop codes out of sight for longer than the window.
      if (lastSeen.size > 64) {
        for (const [code, seen] of lastSeen) if (now - seen >= windowMs) lastSeen.delete(code);
      }
      return previous === undefined || now - previous >= windowMs;
    },
    reset() {
      lastSeen.clear();
    },
  };
}
