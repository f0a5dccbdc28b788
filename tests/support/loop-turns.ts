// Counts the event loop's turns (one setImmediate after another) from the
// call until `stop()`: work that holds the thread lets none happen while it
// runs. `count()` reads the number so far.
export function countLoopTurns(): { count: () => number; stop: () => number } {
  let turns = 0;
  let running = true;
  const turn = () => {
    turns++;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  return {
    count: () => turns,
    stop: () => {
      running = false;
      return turns;
    },
  };
}
