// Reading an upload is long work on the server's one thread: a CSV of 2 MiB
// is tens of thousands of records. Done in one go, it held every other
// request for as long (docs/decisions/007-wallet-import-export.md). Such
// work is cut into small steps with `await giveWay()` between them.
//
// All such work in the process shares one budget: after TURN_MS of it, the
// event loop turns (other requests are read and answered) before any of it
// goes on. The uploads then take turns, one a turn, round-robin: twenty
// hostile imports hold the loop no longer than one, and none waits on
// another to finish.

/** How long steps run before the loop turns; one step must take well under it. */
export const TURN_MS = 2;

const waiting: (() => void)[] = [];
let since = performance.now();
let scheduled = false;

/**
 * A pause point between two steps of long work: goes straight on while the
 * current turn's budget lasts; otherwise joins the queue, and resumes in a
 * later turn of the event loop with a budget of its own.
 */
export function giveWay(): Promise<void> | void {
  if (performance.now() - since < TURN_MS) return;
  return new Promise((resolve) => {
    waiting.push(resolve);
    scheduleTurn();
  });
}

function scheduleTurn(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    since = performance.now();
    waiting.shift()?.();
    if (waiting.length > 0) scheduleTurn();
  });
}
