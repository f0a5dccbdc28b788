import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RouteHandler } from "@/lib/http/route";
import { listAppRoutes } from "@/tests/support/routes";
import { api } from "./client";
import { unique } from "@/tests/support/factories";

type Snapshot = {
  ok: true;
  counts: { items: number; obs: number; sessions: number; sources: number; notes: number };
  recent: Record<string, unknown>[];
  sessions: Record<string, unknown>[];
  notes: Record<string, unknown>[];
  drops: Record<string, unknown>[];
  oos: Record<string, unknown>[];
  ts: string;
};

const observe = (json: Record<string, unknown>) =>
  api<{ obs_id: number; item_id: number; br_id: string }>("/base-research/api/observe", { method: "POST", json });
const state = () => api<Snapshot>("/base-research/api/state");

describe("GET /base-research/api/state", () => {
  it("answers the snapshot shape and limits of docs/contract.md", async () => {
    const { status, data } = await state();
    expect(status).toBe(200);
    expect(Object.keys(data).sort()).toEqual(["counts", "drops", "notes", "ok", "oos", "recent", "sessions", "ts"]);
    expect(Object.keys(data.counts).sort()).toEqual(["items", "notes", "obs", "sessions", "sources"]);
    expect(data.recent.length).toBeLessThanOrEqual(20);
    expect(data.sessions.length).toBeLessThanOrEqual(10);
    expect(data.notes.length).toBeLessThanOrEqual(30);
    expect(data.drops.length).toBeLessThanOrEqual(10);
    expect(new Date(data.ts).toISOString()).toBe(data.ts);
  });

  it("counts a new observation, item, session, source and note", async () => {
    const before = (await state()).data.counts;
    await observe({ item_name: unique("Counted"), source: unique("source"), session_slug: unique("slug") });
    await api("/base-research/api/note", { method: "POST", json: { content: "count me" } });
    const after = (await state()).data.counts;
    expect(after).toEqual({
      items: before.items + 1,
      obs: before.obs + 1,
      sessions: before.sessions + 1,
      sources: before.sources + 1,
      notes: before.notes + 1,
    });
  });

  it("shows the newest observation first in recent with every field", async () => {
    const name = unique("Recent");
    const slug = unique("recent-session");
    const { data: observed } = await observe({
      item_name: name,
      source: "Loja",
      price: "1.234,56",
      url: "https://loja.example/p/1",
      availability: "in_stock",
      session_slug: slug,
    });
    const { data } = await state();
    expect(data.recent[0]).toEqual({
      br_id: observed.br_id,
      item_id: observed.item_id,
      item_name: name,
      source: "Loja",
      url: "https://loja.example/p/1",
      price: "1234.56",
      price_fmt: "1234,56 €",
      currency: "EUR",
      availability: "in_stock",
      observed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      session_slug: slug,
      origin: "local",
    });
  });

  it("lists a price drop with its percentage and the pair while out of stock", async () => {
    const name = unique("Dropping");
    const { data: first } = await observe({ item_name: name, source: "A", price: "200", url: "https://a.example/d" });
    const { data: cheaper } = await observe({
      item_id: first.item_id,
      source: "A",
      price: "150",
      url: "https://a.example/d",
    });
    const { data: gone } = await observe({ item_id: first.item_id, source: "A", availability: "oos" });

    const { data } = await state();
    expect(data.drops[0]).toEqual({
      item_id: first.item_id,
      item_name: name,
      source: "A",
      url: "https://a.example/d",
      currency: "EUR",
      old_price: "200.00",
      new_price: "150.00",
      drop_pct: 25,
      br_id: cheaper.br_id,
      observed_at: expect.any(String),
      origin: "local",
      old_origin: "local",
    });
    const since = data.recent.find((r) => r.br_id === gone.br_id)?.observed_at;
    expect(data.oos).toContainEqual({
      item_id: first.item_id,
      item_name: name,
      source: "A",
      url: null,
      since,
      origin: "local",
    });

    await observe({ item_id: first.item_id, source: "A", availability: "in_stock" });
    const back = await state();
    expect(back.data.oos.some((o) => o.item_id === first.item_id)).toBe(false);
  });
});

describe("GET /base-research/api/items/<id>", () => {
  it("answers { ok, item, observations newest first, by_source }", async () => {
    const name = unique("Detail");
    const { data: a1 } = await observe({
      item_name: name,
      item_category: "cat",
      item_spec: "spec",
      source: "A",
      price: "30",
    });
    await observe({ item_id: a1.item_id, source: "A", price: "20", availability: "in_stock" });
    const { data: b1 } = await observe({ item_id: a1.item_id, source: "B", price: "25", availability: "oos" });

    const { status, data } = await api<{
      ok: boolean;
      item: Record<string, unknown>;
      observations: Record<string, unknown>[];
      by_source: Record<string, unknown>[];
    }>(`/base-research/api/items/${a1.item_id}`);
    expect(status).toBe(200);
    expect(data.ok).toBe(true);
    expect(data.item).toEqual({
      item_id: a1.item_id,
      item_name: name,
      item_category: "cat",
      item_spec: "spec",
      created_at: expect.any(String),
      origins: { item_name: "local", item_category: "local", item_spec: "local" },
    });
    expect(data.observations.map((o) => o.price)).toEqual(["25.00", "20.00", "30.00"]);
    expect(data.observations[0]).toEqual({
      obs_id: b1.obs_id,
      br_id: b1.br_id,
      source: "B",
      condition: null,
      price: "25.00",
      price_fmt: "25,00 €",
      currency: "EUR",
      url: null,
      availability: "oos",
      notes: null,
      observed_at: expect.any(String),
      session_slug: null,
      origin: "local",
    });
    expect(data.by_source).toEqual([
      {
        source: "A",
        latest_price: "20.00",
        min_price: "20.00",
        max_price: "30.00",
        currency: "EUR",
        availability: "in_stock",
        last_observed_at: expect.any(String),
        origins: { latest_price: "local", min_price: "local", max_price: "local", availability: "local" },
      },
      {
        source: "B",
        latest_price: "25.00",
        min_price: "25.00",
        max_price: "25.00",
        currency: "EUR",
        availability: "oos",
        last_observed_at: expect.any(String),
        origins: { latest_price: "local", min_price: "local", max_price: "local", availability: "local" },
      },
    ]);
  });

  it("answers 404 not_found for an unknown id", async () => {
    const { status, data } = await api("/base-research/api/items/2000000000");
    expect(status).toBe(404);
    expect(data).toEqual({ ok: false, error: { code: "not_found", message: "There is no item 2000000000." } });
  });
});

describe("notes", () => {
  it("POST note answers 201 { ok, id, created_at } and GET notes lists it first", async () => {
    const content = unique("Please check <b>prices</b> & 'quotes'");
    const created = await api<{ ok: boolean; id: number; created_at: string }>("/base-research/api/note", {
      method: "POST",
      json: { content, session_slug: "notes-test" },
    });
    expect(created.status).toBe(201);
    expect(created.data).toEqual({ ok: true, id: expect.any(Number), created_at: expect.any(String) });
    expect(new Date(created.data.created_at).toISOString()).toBe(created.data.created_at);

    const { status, data } = await api<{ ok: boolean; notes: Record<string, unknown>[] }>("/base-research/api/notes");
    expect(status).toBe(200);
    expect(data.ok).toBe(true);
    expect(data.notes[0]).toEqual({
      id: created.data.id,
      content,
      session_slug: "notes-test",
      origin: "local",
      created_at: created.data.created_at,
    });
  });

  it("GET notes takes limit (default 30, max 200) and filters by session_slug", async () => {
    const slug = `notes-${randomUUID().slice(0, 8)}`;
    for (let i = 1; i <= 3; i++) {
      await api("/base-research/api/note", { method: "POST", json: { content: `n${i}`, session_slug: slug } });
    }
    for (let i = 0; i < 31; i++)
      await api("/base-research/api/note", { method: "POST", json: { content: `filler ${i}` } });

    const filtered = await api<{ notes: { content: string; session_slug: string }[] }>(
      `/base-research/api/notes?session_slug=${slug}`,
    );
    expect(filtered.data.notes.map((n) => n.content)).toEqual(["n3", "n2", "n1"]);
    const limited = await api<{ notes: unknown[] }>(`/base-research/api/notes?session_slug=${slug}&limit=2`);
    expect(limited.data.notes).toHaveLength(2);
    const byDefault = await api<{ notes: unknown[] }>("/base-research/api/notes");
    expect(byDefault.data.notes).toHaveLength(30);
    const most = await api<{ notes: unknown[] }>("/base-research/api/notes?limit=200");
    expect(most.status).toBe(200);
    expect(most.data.notes.length).toBeGreaterThanOrEqual(34);
  });
});

describe("research route specs", () => {
  it("every research route declares a one-line summary and a response schema (checked on every test answer)", async () => {
    const routes = listAppRoutes().filter((route) => route.path.startsWith("/base-research/api/"));
    expect(routes.map((route) => route.path)).toEqual([
      "/base-research/api/items/1",
      "/base-research/api/note",
      "/base-research/api/notes",
      "/base-research/api/observe",
      "/base-research/api/state",
    ]);
    for (const route of routes) {
      const handlers = (await import(`@/${route.file}`)) as Record<string, RouteHandler>;
      for (const method of route.methods) {
        const handler = handlers[method];
        expect(handler?.spec.summary, `${method} ${route.path}`).toMatch(/^[^\n]{10,120}$/);
        expect(handler?.spec.response, `${method} ${route.path}`).toBeDefined();
      }
    }
  });
});
