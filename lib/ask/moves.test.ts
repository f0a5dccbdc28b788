import { describe, expect, it } from "vitest";
import { isMoveAllowed, MOVES, statusesReaching } from "@/lib/ask/moves";
import { TODO_STATUSES } from "@/lib/ask/schemas";

describe("status moves", () => {
  it("reaches every status from pending, reopens closed ones, and refuses moves between closed ones", () => {
    for (const status of TODO_STATUSES) {
      expect(isMoveAllowed("pending", status)).toBe(true);
    }
    expect(isMoveAllowed("done", "answered")).toBe(false);
    expect(isMoveAllowed("wontfix", "done")).toBe(false);
    expect(isMoveAllowed("answered", "needs_decision")).toBe(false);
    for (const closed of ["answered", "done", "wontfix"] as const) expect(MOVES[closed]).toContain("pending");
  });

  it("computes the statuses a target is reachable from, staying put included", () => {
    expect(statusesReaching("answered").sort()).toEqual(["answered", "needs_decision", "pending"]);
    expect(statusesReaching("pending").sort()).toEqual([
      "answered",
      "done",
      "needs_decision",
      "pending",
      "snoozed",
      "wontfix",
    ]);
  });
});
