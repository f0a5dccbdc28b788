import { describe, expect, it } from "vitest";
import { countLoopTurns } from "@/tests/support/loop-turns";
import { giveWay, TURN_MS } from "@/lib/http/give-way";

/** A step of work that keeps the thread for `ms`. */
const work = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("giveWay", () => {
  it("lets the event loop turn once a turn's worth of steps has run, and jobs take turns", async () => {
    const loop = countLoopTurns();
    // Which turn of the loop each step of each job ran in.
    const steps: { job: string; turn: number }[] = [];
    const job = async (name: string) => {
      for (let i = 0; i < 12; i++) {
        await giveWay();
        work(TURN_MS / 2);
        steps.push({ job: name, turn: loop.count() });
      }
    };
    await Promise.all([job("a"), job("b")]);
    loop.stop();

    // Never more than a turn's budget and one step in one turn, whoever's steps they are.
    const perTurn = new Map<number, number>();
    for (const step of steps) perTurn.set(step.turn, (perTurn.get(step.turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(3);
    // Neither job waited for the other to finish.
    const lastOfA = steps.findLastIndex((step) => step.job === "a");
    const firstOfB = steps.findIndex((step) => step.job === "b");
    expect(firstOfB).toBeLessThan(lastOfA);
  });
});
