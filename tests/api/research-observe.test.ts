import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { yymmdd } from "@/lib/db/daily-counter";
import { api, baseUrl } from "./client";
import { unique } from "@/tests/support/factories";

type Observed = { ok: true; obs_id: number; item_id: number; br_id: string };
type ItemDetail = {
  ok: true;
  item: { item_id: number; item_name: string; item_category: string | null; item_spec: string | null };
  observations: Record<string, unknown>[];
  by_source: Record<string, unknown>[];
};

// Unique names per test: the API suites share one server and database.
const observe = (json: Record<string, unknown>) =>
  api<Observed>("/base-research/api/observe", { method: "POST", json });
const itemDetail = (id: number) => api<ItemDetail>(`/base-research/api/items/${id}`);

describe("POST /base-research/api/observe", () => {
  it("records an observation and answers { ok, obs_id, item_id, br_id }", async () => {
    const { status, data } = await observe({ item_name: unique("Lens"), source: "Shop", price: "199,90" });
    expect(status).toBe(200);
    expect(data).toEqual({
      ok: true,
      obs_id: expect.any(Number),
      item_id: expect.any(Number),
      br_id: expect.stringMatching(new RegExp(`^BR-${yymmdd(new Date())}-\\d+$`)),
    });
  });

  it("creates the item on first use with category and spec and matches item_name case-insensitively", async () => {
    const name = unique("Camera Body");
    const first = await observe({ item_name: name, item_category: "camera", item_spec: "full frame", source: "A" });
    const second = await observe({ item_name: `  ${name.toUpperCase()} `, source: "B" });
    expect(second.data.item_id).toBe(first.data.item_id);
    const { data } = await itemDetail(first.data.item_id);
    expect(data.item).toMatchObject({ item_name: name, item_category: "camera", item_spec: "full frame" });
    expect(data.observations).toHaveLength(2);
  });

  it("observes an existing item by item_id (number or digit string)", async () => {
    const { data: created } = await observe({ item_name: unique("Tripod"), source: "A" });
    const byNumber = await observe({ item_id: created.item_id, source: "B" });
    const byString = await observe({ item_id: String(created.item_id), source: "C" });
    expect(byNumber.data.item_id).toBe(created.item_id);
    expect(byString.data.item_id).toBe(created.item_id);
  });

  it("answers 404 not_found for an unknown item_id", async () => {
    const { status, data } = await observe({ item_id: 2_000_000_000, source: "A" });
    expect(status).toBe(404);
    expect(data).toEqual({
      ok: false,
      error: { code: "not_found", message: "There is no item 2000000000; send item_name to create one." },
    });
  });

  it.each([
    ["1.234,56", "1234.56", "1234,56 €"],
    ["12,5", "12.50", "12,50 €"],
    ["€12,50", "12.50", "12,50 €"],
    ["1 234,56", "1234.56", "1234,56 €"],
    ["12.50", "12.50", "12,50 €"],
    [12.5, "12.50", "12,50 €"],
    [12345.67, "12345.67", "12 345,67 €"],
  ])("stores the price %j as Decimal %s", async (price, stored, formatted) => {
    const { data } = await observe({ item_name: unique("Priced"), source: "A", price });
    const detail = await itemDetail(data.item_id);
    expect(detail.data.observations[0]).toMatchObject({ price: stored, price_fmt: formatted, currency: "EUR" });
  });

  it("accepts the listed conditions and availabilities and a 3-letter currency, upper-casing it", async () => {
    const { data } = await observe({
      item_name: unique("Phone"),
      source: "A",
      condition: "Business",
      availability: "OOS",
      currency: "usd",
      price: "10",
    });
    const detail = await itemDetail(data.item_id);
    expect(detail.data.observations[0]).toMatchObject({ condition: "business", availability: "oos", currency: "USD" });
  });

  it("creates the session from session_slug/title/context and updates it on later observations", async () => {
    const slug = `s-${randomUUID().slice(0, 8)}`;
    await observe({
      item_name: unique("A"),
      source: "A",
      session_slug: slug,
      session_title: "First",
      session_context: "Why",
    });
    await observe({ item_name: unique("B"), source: "A", session_slug: slug, session_title: "Renamed" });
    const { data } = await api<{ sessions: Record<string, unknown>[] }>("/base-research/api/state");
    expect(data.sessions[0]).toEqual({
      slug,
      title: "Renamed",
      context: "Why",
      origin: "local",
      item_count: 2,
      obs_count: 2,
      last_obs: expect.any(String),
    });
  });

  it("stores SQL and HTML metacharacters verbatim", async () => {
    const name = `'; DROP TABLE item; -- <script>alert(1)</script> ${randomUUID().slice(0, 6)}`;
    const { status, data } = await observe({ item_name: name, source: `"quoted" & <b>`, notes: "\\ ' \" %_" });
    expect(status).toBe(200);
    const detail = await itemDetail(data.item_id);
    expect(detail.data.item.item_name).toBe(name);
    expect(detail.data.observations[0]).toMatchObject({ source: `"quoted" & <b>`, notes: "\\ ' \" %_" });
  });
});

describe("agent access", () => {
  it("works as JSON over plain HTTP on 127.0.0.1 with a non-browser User-Agent", async () => {
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
    const agentHeaders = { "user-agent": "curl/8.5.0", accept: "*/*" };
    // curl -d sends JSON as application/x-www-form-urlencoded unless told otherwise.
    const posted = await fetch(`${baseUrl}/base-research/api/observe`, {
      method: "POST",
      headers: { ...agentHeaders, "content-type": "application/x-www-form-urlencoded" },
      body: JSON.stringify({ item_name: unique("Agent item"), source: "agent", price: "5,00" }),
    });
    expect(posted.status).toBe(200);
    const observed = (await posted.json()) as Observed;
    expect(observed.ok).toBe(true);

    const state = await fetch(`${baseUrl}/base-research/api/state`, { headers: agentHeaders });
    expect(state.status).toBe(200);
    expect(state.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await state.json()) as { recent: { br_id: string }[] };
    expect(body.recent[0]?.br_id).toBe(observed.br_id);
  });
});
