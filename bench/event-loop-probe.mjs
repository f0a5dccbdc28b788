// Loaded into a bench's server with NODE_OPTIONS=--import: measures how long
// the server's event loop is held (perf_hooks' own histogram of the delays of
// a 1 ms timer), and on SIGUSR2 prints the figures since the last SIGUSR2 as
// one line, `event-loop-delay {"max":…,"p99":…,"p50":…}` in milliseconds. The
// app itself exposes nothing of this; only benches load it.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

if (isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on("SIGUSR2", () => {
    const figures = { max: ms(histogram.max), p99: ms(histogram.percentile(99)), p50: ms(histogram.percentile(50)) };
    process.stdout.write(`event-loop-delay ${JSON.stringify(figures)}\n`);
    histogram.reset();
  });
}
