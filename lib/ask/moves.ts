import type { TodoStatus } from "@/lib/ask/schemas";

// Status moves (docs/contract.md, "Ask decisions"): an agent takes a pending todo, may
// park it as needs_decision with options for the operator, and closes it as
// answered, done or wontfix; snoozed comes back to pending by itself at
// snooze_until. Closed todos can be reopened. Anything else is a 409 that
// lists the moves this todo has.
export const MOVES: Record<TodoStatus, readonly TodoStatus[]> = {
  pending: ["needs_decision", "answered", "done", "wontfix", "snoozed"],
  needs_decision: ["pending", "answered", "done", "wontfix", "snoozed"],
  snoozed: ["pending", "done", "wontfix", "snoozed"],
  answered: ["pending", "done"],
  done: ["pending"],
  wontfix: ["pending"],
};

/** Nobody holds a todo that waits for someone else or is finished: these moves end the lease. */
export const RELEASING: ReadonlySet<TodoStatus> = new Set(["needs_decision", "answered", "done", "wontfix", "snoozed"]);

/** Statuses an agent may claim from. */
export const CLAIMABLE: readonly TodoStatus[] = ["pending", "needs_decision"];

/** The statuses from which `target` is reachable (staying put counts). */
export function statusesReaching(target: TodoStatus): TodoStatus[] {
  return (Object.keys(MOVES) as TodoStatus[]).filter((from) => from === target || MOVES[from].includes(target));
}

export function isMoveAllowed(from: TodoStatus, to: TodoStatus): boolean {
  return from === to || MOVES[from].includes(to);
}
