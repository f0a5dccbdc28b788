import { describe, expect, it } from "vitest";
import { claimTodo, releaseTodo } from "@/lib/ask/claim-todo";
import { draftTodoResponse } from "@/lib/ask/draft-response";
import { getTodoDetailOrThrow, getTodoOrThrow } from "@/lib/ask/get-todo";
import { listDecisionsReady, listPendingTodos } from "@/lib/ask/list-todos";
import { logTodo } from "@/lib/ask/log-todo";
import { logTodoBody, queueCursor, updateTodoBody } from "@/lib/ask/schemas";
import { createTip, deleteTip, getRandomTip, listTips } from "@/lib/ask/tips";
import { decideTodo, updateTodo } from "@/lib/ask/update-todo";
import { AppError } from "@/lib/http/errors";
import { camelize } from "@/lib/http/wire";

// The ask domain against a real database with a controlled clock: every
// function takes `now`, so leases and snoozes expire without waiting. Other
// files may add todos (in db:postgres the db suites share one
// database), so lists are checked for our own ids only.

const T0 = new Date("2030-01-01T12:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

const log = (fields: Record<string, unknown>) =>
  logTodo({ origin: { kind: "local" }, input: camelize(logTodoBody.parse(fields)), now: T0 });
const update = (id: number, fields: Record<string, unknown>, now = T0) =>
  updateTodo({ id, input: camelize(updateTodoBody.parse(fields)), now });

async function expectConflict(promise: Promise<unknown>, message: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: "conflict" });
  expect((error as AppError).message).toMatch(message);
}

describe("claims are leases", () => {
  it("gives one holder; a second claim is a 409 naming holder and expiry", async () => {
    const todo = await log({ text: "lease me" });
    const first = await claimTodo({ id: todo.id, agent: "agent-a", ttlSeconds: 60, now: T0 });
    expect(first.lockExpiresAt.toISOString()).toBe(at(60).toISOString());
    expect(first.todo).toMatchObject({ claimed_by: "agent-a", lock_expires_at: at(60).toISOString() });
    await expectConflict(
      claimTodo({ id: todo.id, agent: "agent-b", now: at(59) }),
      new RegExp(`claimed by agent-a until ${at(60).toISOString().replace(/\./g, "\\.")}`),
    );
  });

  it("lets another agent take an expired lease, with no manual unlock", async () => {
    const todo = await log({ text: "agent dies" });
    await claimTodo({ id: todo.id, agent: "dead-agent", ttlSeconds: 30, now: T0 });
    // While the lease runs it is not pending; the moment it runs out it is.
    expect((await listPendingTodos({ limit: 1000, now: at(29) })).todos.map((t) => t.id)).not.toContain(todo.id);
    expect((await listPendingTodos({ limit: 1000, now: at(30) })).todos.map((t) => t.id)).toContain(todo.id);
    expect(await getTodoOrThrow({ id: todo.id, now: at(31) })).toMatchObject({
      claimed_by: null,
      lock_expires_at: null,
    });

    const second = await claimTodo({ id: todo.id, agent: "agent-b", now: at(31) });
    expect(second.todo.claimed_by).toBe("agent-b");
    expect(second.lockExpiresAt.toISOString()).toBe(at(31 + 900).toISOString());
    // The dead agent's late release does not free the new holder's lease.
    await expectConflict(releaseTodo({ id: todo.id, agent: "dead-agent", now: at(40) }), /claimed by agent-b/);
  });

  it("renews the lease when the holder claims again under its own name", async () => {
    const todo = await log({ text: "long job" });
    await claimTodo({ id: todo.id, agent: "worker", ttlSeconds: 60, now: T0 });
    const renewed = await claimTodo({ id: todo.id, agent: "worker", ttlSeconds: 60, renew: true, now: at(50) });
    expect(renewed.lockExpiresAt.toISOString()).toBe(at(110).toISOString());
    await expectConflict(claimTodo({ id: todo.id, agent: "worker", now: at(60) }), /claimed by worker/);
  });

  it("releases a live claim; releasing an unclaimed or expired one is a 409", async () => {
    const todo = await log({ text: "release me" });
    await expectConflict(releaseTodo({ id: todo.id, now: T0 }), /not claimed/);
    await claimTodo({ id: todo.id, agent: "a", ttlSeconds: 10, now: T0 });
    expect((await releaseTodo({ id: todo.id, now: at(5) })).claimed_by).toBeNull();
    await expectConflict(releaseTodo({ id: todo.id, now: at(6) }), /not claimed/);
    await claimTodo({ id: todo.id, agent: "b", ttlSeconds: 10, now: at(7) });
    await expectConflict(releaseTodo({ id: todo.id, now: at(20) }), /lease of b ran out/);
  });

  it("refuses to claim a closed or snoozed todo, and an unknown one is a 404", async () => {
    const todo = await log({ text: "closed" });
    await update(todo.id, { status: "done" });
    await expectConflict(claimTodo({ id: todo.id, agent: "a", now: T0 }), /is done/);
    const snoozed = await log({ text: "later" });
    await update(snoozed.id, { status: "snoozed", snooze_until: at(3600).toISOString() });
    await expectConflict(claimTodo({ id: snoozed.id, agent: "a", now: at(60) }), /snoozed until/);
    // At snooze_until it is pending again and claimable.
    expect((await claimTodo({ id: snoozed.id, agent: "a", now: at(3600) })).todo.status).toBe("pending");
    await expect(claimTodo({ id: 2_000_000_000, agent: "a", now: T0 })).rejects.toMatchObject({ code: "not_found" });
  });

  it("lets exactly one of 50 concurrent claims win", async () => {
    const todo = await log({ text: "race" });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => claimTodo({ id: todo.id, agent: `agent-${i}`, now: T0 })),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(lost).toHaveLength(49);
    const holder = (won[0] as PromiseFulfilledResult<{ claimedBy: string }>).value.claimedBy;
    for (const r of lost)
      expect(r.reason).toMatchObject({ code: "conflict", message: expect.stringContaining(holder) });
  });
});

describe("status moves", () => {
  it("releases the claim on answered, done and wontfix", async () => {
    for (const status of ["answered", "done", "wontfix"]) {
      const todo = await log({ text: `to ${status}` });
      await claimTodo({ id: todo.id, agent: "a", now: T0 });
      const moved = await update(todo.id, { status, response: "ok" }, at(1));
      expect(moved).toMatchObject({ status, claimed_by: null, lock_expires_at: null });
      const row = await getTodoOrThrow({ id: todo.id, now: at(2) });
      expect(row.claimed_by).toBeNull();
    }
  });

  it("refuses an illegal move with 409 listing the allowed moves", async () => {
    const todo = await log({ text: "done then answered" });
    await update(todo.id, { status: "done" });
    await expectConflict(
      update(todo.id, { status: "answered" }),
      /is done and cannot move to answered; it can move to: pending\./,
    );
    await expectConflict(update(todo.id, { status: "needs_decision" }), /it can move to: pending/);
    // Reopening is allowed, and from there everything but staying closed.
    expect((await update(todo.id, { status: "pending" })).status).toBe("pending");
  });

  it("goes pending → needs_decision → decided back to pending with the decision", async () => {
    const todo = await log({ text: "which colour?", priority: 2 });
    await claimTodo({ id: todo.id, agent: "a", now: T0 });
    const parked = await update(todo.id, { status: "needs_decision", response: "A) blue B) green" }, at(1));
    expect(parked).toMatchObject({ status: "needs_decision", claimed_by: null });
    expect((await listDecisionsReady({ now: at(2) })).todos.map((t) => t.id)).toContain(todo.id);
    const decided = await decideTodo({ id: todo.id, decision: "B", now: at(3) });
    expect(decided).toMatchObject({ status: "pending", decision: "B" });
    expect((await listDecisionsReady({ now: at(4) })).todos.map((t) => t.id)).not.toContain(todo.id);
    await expectConflict(decideTodo({ id: todo.id, decision: "again", now: at(5) }), /only a needs_decision todo/);
  });

  it("snoozes until snooze_until, computed from the clock, and checks the time", async () => {
    const todo = await log({ text: "snooze" });
    const snoozed = await update(todo.id, { status: "snoozed", snooze_until: at(600).toISOString() });
    expect(snoozed).toMatchObject({ status: "snoozed", snooze_until: at(600).toISOString() });
    expect((await listPendingTodos({ limit: 1000, now: at(599) })).todos.map((t) => t.id)).not.toContain(todo.id);
    expect((await getTodoOrThrow({ id: todo.id, now: at(600) })).status).toBe("pending");
    expect((await listPendingTodos({ limit: 1000, now: at(600) })).todos.map((t) => t.id)).toContain(todo.id);

    await expect(update(todo.id, { status: "snoozed" })).rejects.toMatchObject({ code: "validation_failed" });
    await expect(update(todo.id, { status: "snoozed", snooze_until: at(-1).toISOString() })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(update(todo.id, { status: "done", snooze_until: at(60).toISOString() })).rejects.toMatchObject({
      code: "validation_failed",
    });
  });

  it("refuses an update naming another agent while that agent holds the lease", async () => {
    const todo = await log({ text: "mine" });
    await claimTodo({ id: todo.id, agent: "owner", now: T0 });
    await expectConflict(update(todo.id, { text: "stolen", agent: "intruder" }, at(1)), /claimed by owner/);
    expect((await update(todo.id, { text: "edited", agent: "owner" }, at(1))).text).toBe("edited");
  });
});

describe("pending order and follow-ups", () => {
  it("lists priority desc, then oldest first", async () => {
    const low = await log({ text: "low", priority: -2 });
    const highOld = await log({ text: "high old", priority: 5 });
    const woken = await log({ text: "high, snoozed and woken", priority: 5 });
    await update(woken.id, { status: "snoozed", snooze_until: at(1).toISOString() });
    const mid = await log({ text: "mid", priority: 1 });
    const highNew = await log({ text: "high new", priority: 5 });
    const mine = new Set([low.id, highOld.id, woken.id, mid.id, highNew.id]);
    // A todo woken from its snooze takes its place among the pending ones.
    const { todos } = await listPendingTodos({ limit: 1000, now: at(2) });
    expect(todos.filter((t) => mine.has(t.id)).map((t) => t.id)).toEqual([
      highOld.id,
      woken.id,
      highNew.id,
      mid.id,
      low.id,
    ]);
  });

  it("pages pending with a cursor across pending and woken snoozed todos: each once, in order", async () => {
    const mine: number[] = [];
    for (let i = 0; i < 12; i++) {
      const todo = await log({ text: `paged ${i}`, priority: i % 3 });
      if (i % 2) await update(todo.id, { status: "snoozed", snooze_until: at(1).toISOString() });
      mine.push(todo.id);
    }
    const now = at(2);
    const whole = (await listPendingTodos({ limit: 1000, now })).todos.map((t) => t.id);
    const paged: number[] = [];
    let before: number[] | undefined;
    do {
      const page = await listPendingTodos({ limit: 5, before, now });
      expect(page.todos.length).toBeLessThanOrEqual(5);
      paged.push(...page.todos.map((t) => t.id));
      before = page.next ? queueCursor.parse(page.next) : undefined;
    } while (before);
    expect(paged).toEqual(whole);
    expect(paged.filter((id) => mine.includes(id))).toHaveLength(mine.length);
  });

  it("hangs follow-ups under the root, inherits priority, and lists them with the todo", async () => {
    const parent = await log({
      text: "parent",
      priority: 3,
      page_url: "/base-scan/",
      page_context: { path: "/base-scan/" },
    });
    const first = await log({ text: "first follow-up", parent_id: parent.id });
    const second = await log({ text: "reply to the follow-up", parent_id: first.id, priority: -1 });
    expect(first).toMatchObject({ parent_id: parent.id, priority: 3 });
    expect(second).toMatchObject({ parent_id: parent.id, priority: -1 });
    const detail = await getTodoDetailOrThrow({ id: parent.id });
    expect(detail.follow_ups.map((t) => t.id)).toEqual([first.id, second.id]);
    expect(detail.follow_up_count).toBe(2);
    expect((await getTodoDetailOrThrow({ id: first.id })).parent?.id).toBe(parent.id);
    await expect(log({ text: "orphan", parent_id: 2_000_000_000 })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("drafts and tips", () => {
  it("drafts with the template when no language model is set, and stores the draft", async () => {
    const todo = await log({
      text: "The scan button does nothing",
      source: "bug",
      page_url: "http://x/base-scan/scan",
    });
    await log({ text: "still broken", parent_id: todo.id });
    const result = await draftTodoResponse({ id: todo.id, locale: "en" });
    expect(result.drafter).toBe("template");
    expect(result.draft).toContain("/base-scan/scan");
    expect(result.draft).toContain("follow-up");
    expect(result.todo.draft_response).toBe(result.draft);

    // The household's language unless the drafter reads another.
    const portuguese = await draftTodoResponse({ id: todo.id });
    expect(portuguese.draft).toMatch(/^Obrigado por avisar do problema em \/base-scan\/scan\./);
    expect(portuguese.draft).toContain("Escreveu: «The scan button does nothing»");
    expect(portuguese.todo.draft_response).toBe(portuguese.draft);
  });

  it("ships at least 20 starter tips; adds, picks and removes tips", async () => {
    expect((await listTips()).length).toBeGreaterThanOrEqual(20);
    const tip = await createTip({ text: "A tip from the test" });
    expect((await listTips()).map((t) => t.id)).toContain(tip.id);
    expect(await getRandomTip()).toMatchObject({ id: expect.any(Number), text: expect.any(String) });
    await deleteTip({ id: tip.id });
    expect((await listTips()).map((t) => t.id)).not.toContain(tip.id);
    await expect(deleteTip({ id: tip.id })).rejects.toMatchObject({ code: "not_found" });
  });

  it("ships the starter tips in Portuguese, the household's language", async () => {
    const texts = (await listTips()).map((t) => t.text);
    expect(texts).toContain('Procure produtos sem acentos: "pao" encontra "Pão".');
    expect(texts.filter((text) => /^(Press|In quick|Found a bug|Priority runs|Scan: open)/.test(text))).toEqual([]);
  });
});
