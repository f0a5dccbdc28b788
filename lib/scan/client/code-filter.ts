// The scanner reads the same code many times a second while it stays in view.
// A code is passed on once, then ignored while it keeps being seen: it must be
// out of sight for `windowMs` (3 s; docs/contract.md, "Scan decisions") before it counts again. The window
// slides with every sighting, so a product held under the camera for a minute
// is still one scan.
//
// "Out of sight" is measured on a scan clock, not the wall's: a camera look
// counts at most MAX_LOOK_STEP_MS however long it took, so a page that stalled
// (a busy phone, a tab in the background) has not seen the code leave the
// view and does not record it a second time when it looks again.

import "client-only";
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

/** The longest a single camera look may count for on the scan clock. */
export const MAX_LOOK_STEP_MS = 1000;

export type ScanClock = {
  /**
   * The scan clock's time for a reading made at `wall` (performance.now()).
   * A camera frame (`frame`) moves it on by at most MAX_LOOK_STEP_MS; a photo,
   * taken on purpose, by all the time that passed.
   */
  at: (wall: number, options: { frame: boolean }) => number;
};

export function createScanClock({ maxStepMs = MAX_LOOK_STEP_MS }: { maxStepMs?: number } = {}): ScanClock {
  let lastWall: number | undefined;
  let elapsed = 0;
  return {
    at(wall, { frame }) {
      const step = lastWall === undefined ? 0 : Math.max(0, wall - lastWall);
      lastWall = wall;
      elapsed += frame ? Math.min(step, maxStepMs) : step;
      return elapsed;
    },
  };
}
