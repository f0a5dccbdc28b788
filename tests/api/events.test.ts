import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { EventJson } from "@/lib/events/schemas";
import { api, baseUrl, operatorCookie } from "./client";

// The event log over HTTP (docs/contract.md, "Events"): every change that
// raises an event is made here through the API, and the event read back
// through GET /labs/api/events and its stream. Other files write to the same
// server at once, so each test reads only after the id it started from, and
// looks for its own subjects.

type Page = { ok: true; events: EventJson[]; next: number };

async function operator() {
  return { cookie: await operatorCookie() };
}

/** The id of the newest event now: where a test starts reading. */
async function head(): Promise<number> {
  let after = 0;
  for (;;) {
    const { data } = await api<Page>(`/labs/api/events?after=${after}&limit=1000`, await operator());
    if (data.events.length === 0) return after;
    after = data.next;
  }
}

/** The events after `after` (every page), of the given types. */
async function eventsAfter(after: number, types: string[] = []): Promise<EventJson[]> {
  const found: EventJson[] = [];
  for (;;) {
    const query = `after=${after}&limit=1000${types.length ? `&types=${types.join(",")}` : ""}`;
    const { status, data } = await api<Page>(`/labs/api/events?${query}`, await operator());
    expect(status).toBe(200);
    if (data.events.length === 0) return found;
    found.push(...data.events);
    after = data.next;
  }
}

async function logTodo(text: string): Promise<number> {
  const { status, data } = await api<{ todo: { id: number } }>("/api/core-ask/log", {
    method: "POST",
    json: { text, source: "ask-full" },
    ...(await operator()),
  });
  expect(status).toBe(200);
  return data.todo.id;
}

async function mintKey(scopes: string[]): Promise<Record<string, string>> {
  const { status, data } = await api<{ key: string }>("/labs/api/keys", {
    method: "POST",
    json: { name: `events ${randomUUID().slice(0, 8)}`, plan: "pro", scopes },
    ...(await operator()),
  });
  expect(status).toBe(201);
  return { authorization: `Bearer ${data.key}` };
}

describe("GET /labs/api/events", () => {
  it("is the operator's, or a key's with the events scope: a stranger gets 401, another key 403", async () => {
    expect((await api("/labs/api/events")).status).toBe(401);
    expect((await api("/labs/api/events/stream")).status).toBe(401);
    const askOnly = await mintKey(["ask"]);
    const refused = await api("/labs/api/events", { headers: askOnly });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect((await api("/labs/api/events/stream", { headers: askOnly })).status).toBe(403);
    const events = await mintKey(["events"]);
    const { status, data } = await api<Page>("/labs/api/events?limit=1", { headers: events });
    expect(status).toBe(200);
    expect(data.ok).toBe(true);
  });

  it("refuses a type it does not know, a limit out of range and an id that is not one", async () => {
    const cookie = await operator();
    const badType = await api("/labs/api/events?types=todo.created,todo.eaten", cookie);
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.data)).toContain("types");
    expect((await api("/labs/api/events?limit=1001", cookie)).status).toBe(400);
    expect((await api("/labs/api/events?after=-1", cookie)).status).toBe(400);
  });

  it("reads on from `next` without repeating or skipping, one page at a time, oldest first", async () => {
    const start = await head();
    const ids = [await logTodo(`page one ${randomUUID()}`), await logTodo(`page two ${randomUUID()}`)];
    ids.push(await logTodo(`page three ${randomUUID()}`));
    const seen: number[] = [];
    let after = start;
    for (;;) {
      const { data } = await api<Page>(`/labs/api/events?after=${after}&limit=1&types=todo.created`, await operator());
      if (data.events.length === 0) {
        expect(data.next).toBe(after);
        break;
      }
      expect(data.events).toHaveLength(1);
      expect(data.events[0]!.id).toBeGreaterThan(after);
      seen.push(data.events[0]!.subject.id as number);
      after = data.next;
    }
    // Other files' todos may sit between ours; ours come in the order they were made.
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
  });
});

describe("the events a change raises", () => {
  it("todo.created: a captured request, with its page, its text and who captured it", async () => {
    const start = await head();
    const text = `Comprar pilhas AA ${randomUUID()}`;
    const { status, data } = await api<{ todo: { id: number } }>("/api/base-ask/log", {
      method: "POST",
      json: { text, priority: 2 },
    });
    expect(status).toBe(200);
    const [event] = (await eventsAfter(start, ["todo.created"])).filter((e) => e.subject.id === data.todo.id);
    expect(event).toMatchObject({
      type: "todo.created",
      subject: { kind: "todo", id: data.todo.id, url: `/base-ask/queue/${data.todo.id}` },
      data: { todo_id: data.todo.id, text, attachments: 0 },
    });
    // The test server sees this request as coming from this machine, with no forwarding header.
    expect(event!.origin).toBe("local");
    expect(Date.parse(event!.at)).not.toBeNaN();
  });

  it("decision.ready and todo.answered: the moves to needs_decision and answered, with who made them", async () => {
    const start = await head();
    const id = await logTodo(`Which lens? ${randomUUID()}`);
    const agent = await mintKey(["ask"]);
    const update = (json: Record<string, unknown>) =>
      api(`/api/core-ask/${id}/update`, { method: "POST", json, headers: agent });
    expect((await update({ status: "needs_decision", draft_response: "A) 35 mm B) 50 mm" })).status).toBe(200);
    // A move that is refused raises nothing.
    expect((await update({ status: "snoozed" })).status).toBe(400);
    expect((await update({ status: "answered", response: "Take the 35 mm." })).status).toBe(200);
    const mine = (await eventsAfter(start)).filter((e) => e.subject.id === id && e.subject.kind === "todo");
    expect(mine.map((e) => e.type)).toEqual(["todo.created", "decision.ready", "todo.answered"]);
    expect(mine[1]).toMatchObject({ data: { options: "A) 35 mm B) 50 mm" } });
    expect(mine[1]!.origin).toMatch(/^key:events /);
    expect(mine[2]).toMatchObject({ data: { response: "Take the 35 mm." } });
  });

  it("note.created: a note for the agent, with its session's page", async () => {
    const start = await head();
    const slug = `events-${randomUUID().slice(0, 8)}`;
    const { status, data } = await api<{ id: number }>("/base-research/api/note", {
      method: "POST",
      json: { content: "Também ver usados", session_slug: slug },
      ...(await operator()),
    });
    expect(status).toBe(201);
    const [event] = (await eventsAfter(start, ["note.created"])).filter((e) => e.data.session_slug === slug);
    expect(event).toMatchObject({
      subject: { kind: "note", url: `/base-research/sessions/${slug}` },
      data: { content: "Também ver usados" },
      origin: "operator",
    });
    expect(event!.subject.id).toBe(data.id);
  });

  it("price.dropped: only a price under the lowest from that source, never a stranger's", async () => {
    const start = await head();
    const item = `Moinho de café ${randomUUID()}`;
    const cookie = await operator();
    const observe = (json: Record<string, unknown>, init: RequestInit & { cookie?: string } = cookie) =>
      api<{ item_id: number; br_id: string }>("/base-research/api/observe", { method: "POST", json, ...init });
    const first = await observe({ item_name: item, source: "Worten", price: "129,90" });
    expect(first.status).toBe(200);
    const itemId = first.data.item_id;
    await observe({ item_id: itemId, source: "Worten", price: "139.90" }); // up: nothing
    await observe({ item_id: itemId, source: "Fnac", price: "99" }); // another source's first price: nothing
    // A stranger's lower price neither drops nor becomes the price to beat.
    const stranger = { headers: { "x-forwarded-for": "198.51.100.23" } };
    expect((await observe({ item_id: itemId, source: "Worten", price: "1" }, stranger)).status).toBe(200);
    const dropped = await observe({ item_id: itemId, source: "Worten", price: "119,50" });
    await observe({ item_id: itemId, source: "Worten", price: "125" }); // under the last, not the lowest: nothing
    const drops = (await eventsAfter(start, ["price.dropped"])).filter((e) => e.subject.id === itemId);
    expect(drops).toHaveLength(1);
    expect(drops[0]).toMatchObject({
      subject: { kind: "research_item", id: itemId, url: `/base-research/items/${itemId}` },
      data: {
        item_name: item,
        source: "Worten",
        currency: "EUR",
        old_price: "129.90",
        new_price: "119.50",
        drop_pct: 8,
        br_id: dropped.data.br_id,
      },
      origin: "operator",
    });
  });
});

describe("the events a change raises, on the scan and in the queue", () => {
  it("price.dropped: a shop price under the last one at that store, never a stranger's or a past one's", async () => {
    const start = await head();
    const code = `560${String(Math.floor(Math.random() * 1e9)).padStart(10, "0")}`;
    const store = `Pingo Doce ${randomUUID().slice(0, 8)}`;
    const cookie = await operator();
    const price = (json: Record<string, unknown>, init: RequestInit & { cookie?: string } = cookie) =>
      api<{ price: { product_id: number; store_id: number; id: number } }>("/base-scan/api/prices", {
        method: "POST",
        json: { code, store_name: store, ...json },
        ...init,
      });
    const first = await price({ price: "2,49" });
    expect(first.status).toBe(200);
    await price({ price: "0,20", observed_at: "2020-01-01T00:00:00Z" }); // dated before the last: history
    const dropped = await price({ price: "1,99" });
    expect(dropped.status).toBe(200);
    await price({ price: "2,10" }); // up again: nothing
    // A stranger's lower price is recorded (prices are public) but tells nobody.
    expect((await price({ price: "0,10" }, { headers: { "x-forwarded-for": "198.51.100.24" } })).status).toBe(200);
    const drops = (await eventsAfter(start, ["price.dropped"])).filter((e) => e.data.code === code);
    expect(drops).toHaveLength(1);
    expect(drops[0]).toMatchObject({
      subject: { kind: "product", id: first.data.price.product_id, url: `/base-scan/prices?code=${code}` },
      data: {
        store_name: store,
        old_price: "2.49",
        new_price: "1.99",
        drop_pct: 20.1,
        price_id: dropped.data.price.id,
      },
      origin: "operator",
    });
  });

  it("todo.claim_expired: a lease that ran out, announced once, by the app", async () => {
    const start = await head();
    const id = await logTodo(`Leased and left ${randomUUID()}`);
    const agent = await mintKey(["ask"]);
    const claimed = await api(`/api/core-ask/${id}/claim`, {
      method: "POST",
      json: { agent: "forgetful-agent", ttl_seconds: 1 },
      headers: agent,
    });
    expect(claimed.status).toBe(200);
    // The server looks for ended leases every few seconds.
    const deadline = Date.now() + 20_000;
    let expired: EventJson[] = [];
    while (expired.length === 0) {
      if (Date.now() > deadline) throw new Error("no todo.claim_expired within 20 s");
      await new Promise((resolve) => setTimeout(resolve, 250));
      expired = (await eventsAfter(start, ["todo.claim_expired"])).filter((e) => e.subject.id === id);
    }
    expect(expired[0]).toMatchObject({
      subject: { kind: "todo", id, url: `/base-ask/queue/${id}` },
      data: { todo_id: id, claimed_by: "forgetful-agent" },
      origin: "labs",
    });
    expect(expired[0]!.data.lock_expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Announced once: a later look finds nothing new for it.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect((await eventsAfter(start, ["todo.claim_expired"])).filter((e) => e.subject.id === id)).toHaveLength(1);
  }, 40_000);
});

/** Reads Server-Sent Events from a stream until `done` says it has enough. */
async function readStream(
  response: Response,
  done: (frames: { id: string; event: string; data: EventJson }[]) => boolean,
): Promise<{ id: string; event: string; data: EventJson }[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const frames: { id: string; event: string; data: EventJson }[] = [];
  let buffer = "";
  try {
    while (!done(frames)) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block
            .split("\n")
            .filter((line) => line && !line.startsWith(":"))
            .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
        );
        if (fields.data) frames.push({ id: fields.id!, event: fields.event!, data: JSON.parse(fields.data) });
      }
    }
  } finally {
    await reader.cancel();
  }
  return frames;
}

describe("GET /labs/api/events/stream", () => {
  it("sends each new event as it commits, uncompressed, and resumes after Last-Event-ID", async () => {
    const start = await head();
    const { cookie } = await operator();
    const stream = await fetch(`${baseUrl}/labs/api/events/stream?after=${start}&types=todo.created`, {
      headers: { cookie, "accept-encoding": "gzip" },
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers.get("content-encoding")).toBeNull();
    const texts = [`stream one ${randomUUID()}`, `stream two ${randomUUID()}`];
    const ids: number[] = [];
    const reading = readStream(
      stream,
      (frames) => ids.length === 2 && ids.every((id) => frames.some((frame) => frame.data.subject.id === id)),
    );
    for (const text of texts) ids.push(await logTodo(text));
    const frames = await reading;
    const mine = frames.filter((frame) => ids.includes(frame.data.subject.id as number));
    expect(mine.map((frame) => frame.data.data.text)).toEqual(texts);
    for (const frame of mine) {
      expect(frame.event).toBe("todo.created");
      expect(frame.id).toBe(String(frame.data.id));
    }

    // A client that reconnects with the first one's id gets the second again, and no earlier one.
    const resumed = await fetch(`${baseUrl}/labs/api/events/stream?after=0&types=todo.created`, {
      headers: { cookie, "last-event-id": mine[0]!.id },
    });
    const again = await readStream(resumed, (got) => got.some((frame) => frame.data.subject.id === ids[1]));
    expect(again[0]!.data.id).toBeGreaterThan(mine[0]!.data.id);
    expect(again.some((frame) => frame.data.subject.id === ids[0])).toBe(false);
  });

  it("refuses a Last-Event-ID that is not an event id", async () => {
    const bad = await api("/labs/api/events/stream", { ...(await operator()), headers: { "last-event-id": "x1" } });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, error: { code: "validation_failed" } });
  });
});
