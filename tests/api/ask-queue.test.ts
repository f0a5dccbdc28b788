import { describe, expect, it } from "vitest";
import { api, operatorCookie } from "./client";

// The operator's side of the ask API over HTTP: who may call what, the queue
// order, claims, releases, moves, drafts with the built-in template, tips.

type Todo = {
  id: number;
  text: string;
  priority: number;
  status: string;
  claimed_by: string | null;
  lock_expires_at: string | null;
  response: string | null;
  draft_response: string | null;
  decision: string | null;
};
type Envelope = { ok: false; error: { code: string; message: string } };

const log = async (json: Record<string, unknown>) =>
  (await api<{ todo: Todo }>("/api/core-ask/log", { method: "POST", json })).data.todo;

const asOperator = async (path: string, json?: unknown) =>
  api<Record<string, unknown>>(path, {
    method: json === undefined ? "GET" : "POST",
    cookie: await operatorCookie(),
    ...(json === undefined ? {} : { json }),
  });

describe("auth", () => {
  // Every ask route but log, tips/random and health needs the operator (docs/contract.md, "Ask decisions").
  const OPERATOR_ROUTES: [string, string][] = [
    ["GET", "/api/core-ask/pending"],
    ["GET", "/api/core-ask/decisions/ready"],
    ["GET", "/api/core-ask/1"],
    ["POST", "/api/core-ask/1/claim"],
    ["POST", "/api/core-ask/1/release"],
    ["POST", "/api/core-ask/1/draft-response"],
    ["POST", "/api/core-ask/1/update"],
    ["GET", "/api/core-ask/attachments/1"],
    ["GET", "/api/core-ask/tips"],
    ["POST", "/api/core-ask/tips"],
    ["POST", "/api/core-ask/tips/1/delete"],
    ["POST", "/core-ask/1/claim"],
    ["POST", "/core-ask/1/release"],
    ["POST", "/core-ask/1/update"],
    ["POST", "/core-ask/1/decide"],
  ];

  it.each(OPERATOR_ROUTES)(
    "%s %s answers 401 without the operator, and to an unknown API key",
    async (method, path) => {
      const anonymous = await api(path, { method, ...(method === "POST" ? { json: { text: "x" } } : {}) });
      expect(anonymous.status).toBe(401);
      expect(anonymous.data).toMatchObject({ ok: false, error: { code: "unauthorized" } });
      const badKey = await api(path, { method, headers: { authorization: "Bearer lk_not_a_real_key_0123456789" } });
      expect(badKey.status).toBe(401);
    },
  );

  it.each([
    ["POST", "/api/core-ask/log"],
    ["POST", "/api/base-ask/log"],
    ["GET", "/api/core-ask/tips/random"],
    ["GET", "/core-ask/healthz"],
    ["GET", "/base-ask/healthz"],
  ])("%s %s is public", async (method, path) => {
    const { status } = await api(path, { method, ...(method === "POST" ? { json: { text: "public" } } : {}) });
    expect(status).toBe(200);
  });

  it("refuses a cross-site cookie write with 403", async () => {
    const todo = await log({ text: "csrf target" });
    const { status, data } = await api(`/api/core-ask/${todo.id}/claim`, {
      method: "POST",
      cookie: await operatorCookie(),
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      json: {},
    });
    expect(status).toBe(403);
    expect(data).toMatchObject({ ok: false, error: { code: "forbidden" } });
  });
});

describe("pending and decisions", () => {
  it("lists pending by priority desc then oldest first, leaving claimed and closed ones out", async () => {
    const low = await log({ text: "q low", priority: -2 });
    const top1 = await log({ text: "q top first", priority: 5 });
    const mid = await log({ text: "q mid", priority: 2 });
    const top2 = await log({ text: "q top second", priority: 5 });
    const claimed = await log({ text: "q claimed", priority: 5 });
    const closed = await log({ text: "q closed", priority: 5 });
    await asOperator(`/api/core-ask/${claimed.id}/claim`, { agent: "busy" });
    await asOperator(`/api/core-ask/${closed.id}/update`, { status: "done" });

    const { status, data } = await asOperator("/api/core-ask/pending?limit=1000");
    expect(status).toBe(200);
    const ids = (data.todos as Todo[]).map((t) => t.id);
    const mine = [low.id, top1.id, mid.id, top2.id, claimed.id, closed.id];
    expect(ids.filter((id) => mine.includes(id))).toEqual([top1.id, top2.id, mid.id, low.id]);
    expect(data.count).toBeGreaterThanOrEqual(4);

    const limited = await asOperator("/api/core-ask/pending?limit=1");
    expect((limited.data.todos as Todo[]).length).toBe(1);
    for (const bad of ["limit=0", "limit=abc", "limit=5000"]) {
      expect((await asOperator(`/api/core-ask/pending?${bad}`)).status).toBe(400);
    }
  });

  it("lists needs_decision todos as decisions ready", async () => {
    const todo = await log({ text: "pick a colour" });
    await asOperator(`/api/core-ask/${todo.id}/update`, { status: "needs_decision", response: "A) red B) blue" });
    const { data } = await asOperator("/api/core-ask/decisions/ready");
    expect((data.todos as Todo[]).find((t) => t.id === todo.id)).toMatchObject({ status: "needs_decision" });
  });
});

describe("claim, release, update", () => {
  it("claims with a lease, refuses a second claim naming holder and expiry, releases, and 409s a second release", async () => {
    const todo = await log({ text: "claim me" });
    const claim = await asOperator(`/api/core-ask/${todo.id}/claim`, { agent: "agent-1", ttl_seconds: 120 });
    expect(claim.status).toBe(200);
    expect(claim.data).toMatchObject({ ok: true, claimed_by: "agent-1", todo: { claimed_by: "agent-1" } });
    const expires = Date.parse(claim.data.lock_expires_at as string);
    expect(expires - Date.now()).toBeGreaterThan(100_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(120_000);

    const second = await asOperator(`/api/core-ask/${todo.id}/claim`, { agent: "agent-2" });
    expect(second.status).toBe(409);
    expect((second.data as Envelope).error.message).toContain(`claimed by agent-1 until ${claim.data.lock_expires_at}`);

    const released = await asOperator(`/api/core-ask/${todo.id}/release`, {});
    expect(released.status).toBe(200);
    expect(released.data).toMatchObject({ ok: true, todo: { claimed_by: null } });
    const again = await asOperator(`/api/core-ask/${todo.id}/release`, {});
    expect(again.status).toBe(409);
    expect((again.data as Envelope).error.message).toContain("not claimed");
  });

  it("takes the default lease of 900 s and names the operator when no agent is given", async () => {
    const todo = await log({ text: "default lease" });
    const { data } = await asOperator(`/api/core-ask/${todo.id}/claim`, {});
    expect(data.claimed_by).toBe("operator");
    const seconds = (Date.parse(data.lock_expires_at as string) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(880);
    expect(seconds).toBeLessThanOrEqual(900);
  });

  it("edits and moves; answering releases the claim; an illegal move is a 409 listing the allowed moves", async () => {
    const todo = await log({ text: "answer me" });
    await asOperator(`/api/core-ask/${todo.id}/claim`, { agent: "agent-x" });
    const edited = await asOperator(`/api/core-ask/${todo.id}/update`, { text: "answer me, edited", priority: 4 });
    expect(edited.data).toMatchObject({ todo: { text: "answer me, edited", priority: 4, claimed_by: "agent-x" } });
    const answered = await asOperator(`/api/core-ask/${todo.id}/update`, {
      status: "answered",
      response: "Done: see the list.",
    });
    expect(answered.status).toBe(200);
    expect(answered.data).toMatchObject({
      todo: { status: "answered", response: "Done: see the list.", claimed_by: null, lock_expires_at: null },
    });
    const illegal = await asOperator(`/api/core-ask/${todo.id}/update`, { status: "needs_decision" });
    expect(illegal.status).toBe(409);
    expect((illegal.data as Envelope).error).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("it can move to: pending, done"),
    });
    const claimClosed = await asOperator(`/api/core-ask/${todo.id}/claim`, {});
    expect(claimClosed.status).toBe(409);
  });

  it("snoozes until a future time; a past time or a snooze without one is a 400", async () => {
    const todo = await log({ text: "snooze me" });
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const snoozed = await asOperator(`/api/core-ask/${todo.id}/update`, { status: "snoozed", snooze_until: until });
    expect(snoozed.data).toMatchObject({ todo: { status: "snoozed", snooze_until: until } });
    const pending = await asOperator("/api/core-ask/pending?limit=1000");
    expect((pending.data.todos as Todo[]).map((t) => t.id)).not.toContain(todo.id);
    for (const body of [
      { status: "snoozed" },
      { status: "snoozed", snooze_until: "2000-01-01T00:00:00Z" },
      { snooze_until: "tomorrow" },
    ]) {
      const { status, data } = await asOperator(`/api/core-ask/${todo.id}/update`, body);
      expect(status).toBe(400);
      expect(data).toMatchObject({ error: { code: "validation_failed" } });
    }
  });

  it.each([
    ["an empty update", {}],
    ["priority 9", { priority: 9 }],
    ["an unknown status", { status: "closed" }],
    ["text as a list", { text: ["a"] }],
    ["empty text", { text: "" }],
  ])("refuses %s with 400", async (_label, body) => {
    const todo = await log({ text: "bad update target" });
    const { status, data } = await asOperator(`/api/core-ask/${todo.id}/update`, body);
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, error: { code: "validation_failed" } });
  });

  it.each([
    ["ttl_seconds 0", { ttl_seconds: 0 }],
    ["ttl_seconds as a word", { ttl_seconds: "long" }],
    ["ttl_seconds above a day", { ttl_seconds: 86_401 }],
    ["agent as a number", { agent: 7 }],
  ])("refuses a claim with %s with 400", async (_label, body) => {
    const todo = await log({ text: "bad claim target" });
    expect((await asOperator(`/api/core-ask/${todo.id}/claim`, body)).status).toBe(400);
  });

  it.each([
    ["GET", "/api/core-ask/2000000000", 404],
    ["POST", "/api/core-ask/2000000000/claim", 404],
    ["POST", "/api/core-ask/2000000000/release", 404],
    ["POST", "/api/core-ask/2000000000/update", 404],
    ["POST", "/api/core-ask/2000000000/draft-response", 404],
    ["GET", "/api/core-ask/abc", 400],
    ["POST", "/api/core-ask/-1/claim", 400],
    ["POST", "/api/core-ask/99999999999/claim", 400],
  ])("%s %s answers %i with the envelope", async (method, path, expected) => {
    const { status, data } = await api(path, {
      method,
      cookie: await operatorCookie(),
      ...(method === "POST" ? { json: path.endsWith("update") ? { text: "x" } : {} } : {}),
    });
    expect(status).toBe(expected);
    expect(data).toMatchObject({ ok: false });
  });
});

describe("one todo and its draft", () => {
  it("returns the todo with parent, follow-ups and attachments' metadata", async () => {
    const parent = await log({ text: "root" });
    const child = await log({ text: "child", parent_id: parent.id });
    const { status, data } = await asOperator(`/api/core-ask/${child.id}`);
    expect(status).toBe(200);
    expect(data.todo).toMatchObject({ id: child.id, parent: { id: parent.id }, follow_ups: [], attachments: [] });
  });

  it("drafts with the built-in template when no language model is configured and stores the draft", async () => {
    const todo = await log({ text: "Add oat milk to the list", page_url: "/base-scan/products" });
    const { status, data } = await asOperator(`/api/core-ask/${todo.id}/draft-response`, {});
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, drafter: "template", model: null });
    expect(data.draft).toContain("Add oat milk to the list");
    const stored = await asOperator(`/api/core-ask/${todo.id}`);
    expect((stored.data.todo as Todo).draft_response).toBe(data.draft);
  });
});

describe("tips", () => {
  it("gives a random tip to anyone, from a starter set of at least 20", async () => {
    const { status, data } = await api<{ ok: true; tip: { id: number; text: string } }>("/api/core-ask/tips/random");
    expect(status).toBe(200);
    expect(data.tip.text.length).toBeGreaterThan(10);
    const list = await asOperator("/api/core-ask/tips");
    expect((list.data.tips as unknown[]).length).toBeGreaterThanOrEqual(20);
  });

  it("lets the operator add and remove a tip; bad input is a 400 and an unknown tip a 404", async () => {
    const added = await asOperator("/api/core-ask/tips", { text: "Tips can be added by the operator." });
    expect(added.status).toBe(200);
    const tip = added.data.tip as { id: number; text: string };
    expect(tip.text).toBe("Tips can be added by the operator.");
    expect((await asOperator("/api/core-ask/tips", { text: "" })).status).toBe(400);
    expect((await asOperator("/api/core-ask/tips", { text: "x".repeat(501) })).status).toBe(400);
    const removed = await asOperator(`/api/core-ask/tips/${tip.id}/delete`, {});
    expect(removed.data).toEqual({ ok: true, deleted: true });
    expect((await asOperator(`/api/core-ask/tips/${tip.id}/delete`, {})).status).toBe(404);
    const list = await asOperator("/api/core-ask/tips");
    expect((list.data.tips as { id: number }[]).map((t) => t.id)).not.toContain(tip.id);
  });
});

describe("API keys", () => {
  it("an API key works like the cookie and names the claim after the key", async () => {
    const minted = await api<{ id: number; key: string }>("/labs/api/keys", {
      method: "POST",
      cookie: await operatorCookie(),
      json: { name: "ask test", scopes: ["ask"] },
    });
    expect(minted.status).toBe(201);
    const headers = { authorization: `Bearer ${minted.data.key}` };

    expect((await api("/api/core-ask/pending", { headers })).status).toBe(200);
    const todo = await log({ text: "claimed with a key" });
    const claim = await api<{ claimed_by: string }>(`/api/core-ask/${todo.id}/claim`, {
      method: "POST",
      headers,
      json: {},
    });
    expect(claim.status).toBe(200);
    expect(claim.data.claimed_by).toBe(`key-${minted.data.id}`);
  });
});
