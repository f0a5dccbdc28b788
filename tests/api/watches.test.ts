import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { EventJson } from "@/lib/events/schemas";
import type { WatchJson } from "@/lib/watches/schemas";
import { api, operatorCookie, uniqueClientAddress } from "./client";

// Watches over HTTP (docs/contract.md, "Watches"): each is made through the
// API, prices are recorded through observe and the shop prices API, and what
// they raise is read back from the event log. Other files write to the same
// server at once: each test reads only after the id it started from, and
// looks for its own watches.

type Page = { ok: true; events: EventJson[]; next: number };
const stranger = () => ({ "x-forwarded-for": uniqueClientAddress() });

async function eventsAfter(after: number, types: string[]): Promise<EventJson[]> {
  const cookie = await operatorCookie();
  const found: EventJson[] = [];
  for (;;) {
    const { data } = await api<Page>(`/labs/api/events?after=${after}&limit=1000&types=${types.join(",")}`, { cookie });
    if (data.events.length === 0) return found;
    found.push(...data.events);
    after = data.next;
  }
}

async function head(): Promise<number> {
  const cookie = await operatorCookie();
  let after = 0;
  for (;;) {
    const { data } = await api<Page>(`/labs/api/events?after=${after}&limit=1000`, { cookie });
    if (data.events.length === 0) return after;
    after = data.next;
  }
}

async function watch(json: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api<{ ok: true; id: number; error?: { issues?: { path: string }[] } }>("/labs/api/watches", {
    method: "POST",
    json,
    headers,
    cookie: Object.keys(headers).length ? undefined : await operatorCookie(),
  });
}

async function observe(json: Record<string, unknown>, headers: Record<string, string> = {}) {
  const answer = await api<{ item_id: number; br_id: string }>("/base-research/api/observe", {
    method: "POST",
    json: { source: "Worten", ...json },
    headers,
    cookie: Object.keys(headers).length ? undefined : await operatorCookie(),
  });
  expect(answer.status).toBe(200);
  return answer.data;
}

describe("a watch on a research item", () => {
  it("is hit by a price at or under `below`, once per new low, never by a stranger's", async () => {
    const { item_id } = await observe({ item_name: `Aspirador ${randomUUID()}`, price: "199,90" });
    const made = await watch({ research_item_id: item_id, below: "150,00", person: "Marta" });
    expect(made.status).toBe(201);
    const start = await head();
    await observe({ item_id, price: "159.90" }); // above: nothing
    await observe({ item_id, price: "1" }, stranger()); // a stranger's: nothing
    const hit = await observe({ item_id, price: "149,99" });
    await observe({ item_id, price: "149.99" }); // the same low again: nothing
    await observe({ item_id, price: "155" }); // above the last hit: nothing
    const lower = await observe({ item_id, price: "139.90", source: "Fnac" });
    const hits = (await eventsAfter(start, ["price.watch_hit"])).filter((e) => e.data.watch_id === made.data.id);
    expect(hits.map((e) => e.data.price)).toEqual(["149.99", "139.90"]);
    expect(hits[0]).toMatchObject({
      subject: { kind: "research_item", id: item_id, url: `/base-research/items/${item_id}` },
      data: { item_id, below: "150.00", person: "Marta", currency: "EUR", source: "Worten", br_id: hit.br_id },
      origin: "operator",
    });
    expect(hits[1]!.data.br_id).toBe(lower.br_id);
    const listed = await api<{ watches: WatchJson[] }>(`/labs/api/watches?research_item_id=${item_id}`);
    expect(listed.data.watches).toEqual([
      expect.objectContaining({ id: made.data.id, below: "150.00", person: "Marta", last_hit_price: "139.90" }),
    ]);
  });

  it("is hit by a price drop_percent under the last price", async () => {
    const { item_id } = await observe({ item_name: `Torradeira ${randomUUID()}`, price: "40" });
    const made = await watch({ research_item_id: item_id, drop_percent: 10 });
    const start = await head();
    await observe({ item_id, price: "37" }); // 7.5 % under 40: nothing
    await observe({ item_id, price: "33.30" }); // exactly 10 % under 37
    const hits = (await eventsAfter(start, ["price.watch_hit"])).filter((e) => e.data.watch_id === made.data.id);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.data).toMatchObject({ price: "33.30", last_price: "37.00", drop_percent: 10, below: null });
  });

  it("and a price drop raise their events in order, in one statement", async () => {
    const { item_id } = await observe({ item_name: `Chaleira ${randomUUID()}`, price: "30" });
    const first = await watch({ research_item_id: item_id, below: 25 });
    const second = await watch({ research_item_id: item_id, drop_percent: 5 });
    const start = await head();
    await observe({ item_id, price: "24" });
    const events = (await eventsAfter(start, ["price.dropped", "price.watch_hit"])).filter(
      (e) => e.data.item_id === item_id,
    );
    expect(events.map((e) => [e.type, e.data.watch_id ?? null])).toEqual([
      ["price.dropped", null],
      ["price.watch_hit", first.data.id],
      ["price.watch_hit", second.data.id],
    ]);
    expect(events.map((e) => e.id)).toEqual([events[0]!.id, events[0]!.id + 1, events[0]!.id + 2]);
  });
});

describe("a watch on a product's shop prices", () => {
  it("is hit by the household's price at or under `below`, opening the product's prices", async () => {
    const code = `560${String(Math.floor(Math.random() * 1e9)).padStart(10, "0")}`;
    const store = `Continente ${randomUUID().slice(0, 8)}`;
    const cookie = await operatorCookie();
    const price = (value: string, headers: Record<string, string> = {}) =>
      api<{ price: { id: number; product_id: number } }>("/base-scan/api/prices", {
        method: "POST",
        json: { code, store_name: store, price: value },
        headers,
        cookie: Object.keys(headers).length ? undefined : cookie,
      });
    const made = await watch({ product_code: code, below: "1,50" });
    expect(made.status).toBe(201);
    const start = await head();
    await price("0,50", stranger()); // a stranger's: nothing
    await price("1,79");
    const hit = await price("1,49");
    const hits = (await eventsAfter(start, ["price.watch_hit"])).filter((e) => e.data.watch_id === made.data.id);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      subject: { kind: "product", id: hit.data.price.product_id, url: `/base-scan/prices?code=${code}` },
      data: { code, store_name: store, price: "1.49", below: "1.50", last_price: "1.79", price_id: hit.data.price.id },
    });
  });
});

describe("watches, as anyone tries them", () => {
  it("refuse what names no one thing, or waits for nothing, with the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ below: 5 }, "research_item_id"],
      [{ research_item_id: 1, product_code: "5601234567890", below: 5 }, "research_item_id"],
      [{ product_code: "5601234567890" }, "below"],
      [{ product_code: "5601234567890", below: "doze" }, "below"],
      [{ product_code: "5601234567890", drop_percent: 0 }, "drop_percent"],
      [{ product_code: "5601234567890", drop_percent: 100 }, "drop_percent"],
    ];
    for (const [json, path] of cases) {
      const refused = await api<{ error: { issues: { path: string }[] } }>("/labs/api/watches", {
        method: "POST",
        json,
        headers: stranger(),
      });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.data.error.issues.map((issue) => issue.path)).toContain(path);
    }
  });

  it("answer 404 for an item that does not exist, and delete once", async () => {
    expect((await watch({ research_item_id: 2_000_000_000, below: 1 })).status).toBe(404);
    const made = await watch({ product_code: `w-${randomUUID().slice(0, 8)}`, drop_percent: 20 });
    expect((await api(`/labs/api/watches/${made.data.id}`, { method: "DELETE", headers: stranger() })).status).toBe(
      200,
    );
    expect((await api(`/labs/api/watches/${made.data.id}`, { method: "DELETE", headers: stranger() })).status).toBe(
      404,
    );
  });
});
