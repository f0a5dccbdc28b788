import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "@/tests/support/postgres";
import { startServer, type RunningServer } from "@/tests/support/server";
import { encodeCursor } from "@/lib/http/paging";
import { operatorCookie } from "./client";

// Every Ask read is bounded, however much anyone captured: a flood of long
// priority-5 todos and hundreds of follow-ups under one todo (as an anonymous
// caller once sent) is read a page at a time, by the JSON lists, the queue
// page, a todo's JSON and a todo's page, and paging on reaches every todo
// exactly once. Its own server and database, so the counts are exact.

const BULK = 180;
const FOLLOW_UPS = 230;
const BULK_TEXT_CHARS = 10_000;
const PAGE_SIZE = 50;
/** The queue page held 200 of these whole, twice each, some 9 MB; a page of 50 cut ones stays far below. */
const PAGE_MAX_BYTES = 1_000_000;

type Todo = {
  id: number;
  text: string;
  priority: number;
  status: string;
  parent_id: number | null;
  follow_up_count: number;
  created_at: string;
};
type TodoList = { count: number; todos: Todo[]; next: string | null };
type TodoDetail = Todo & { follow_ups: Todo[]; follow_ups_next: string | null };

let server: RunningServer;
let dropDatabase: (() => Promise<void>) | undefined;
let cookie: string;

async function call<T>(path: string, json?: unknown): Promise<{ status: number; data: T; text: string }> {
  const response = await fetch(`${server.url}${path}`, {
    method: json === undefined ? "GET" : "POST",
    // The pages' English words are asserted here: ask for English, as the other API suites do.
    headers: {
      cookie,
      "accept-language": "en",
      ...(json === undefined ? {} : { "content-type": "application/json" }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = JSON.parse(text);
  } catch {
    // an HTML page
  }
  return { status: response.status, data: data as T, text };
}

/** Logs todos as the operator (anonymous capture may be rate-limited per client), a few at a time. */
async function logMany(count: number, body: (index: number) => Record<string, unknown>): Promise<Todo[]> {
  const todos: Todo[] = [];
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, (_, offset) => start + offset);
    const answers = await Promise.all(batch.map((index) => call<{ todo: Todo }>("/api/core-ask/log", body(index))));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      todos.push(answer.data.todo);
    }
  }
  return todos;
}

const inQueueOrder = (a: Todo, b: Todo) =>
  b.priority - a.priority || Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id;
const oldestFirst = (a: Todo, b: Todo) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id;

/** The todos a page shows, each article once (follow-ups nest inside their parent's). */
function articleIds(html: string): number[] {
  return [...html.matchAll(/<article[^>]*aria-label="Todo (\d+)"/g)].map((match) => Number(match[1]));
}

/** The "more" link of a page (rel="next"), as a path. */
function nextLink(html: string): string | null {
  const tag = /<a\b[^>]*\brel="next"[^>]*>/.exec(html)?.[0];
  return tag ? /\bhref="([^"]+)"/.exec(tag)![1]!.replaceAll("&amp;", "&") : null;
}

/** Follows the "more" links from `first` to the end: every page's article ids. */
async function walkPages(first: string): Promise<{ path: string; html: string; ids: number[] }[]> {
  const pages = [];
  for (let path: string | null = first; path;) {
    const { status, text } = await call(path);
    expect(status, path).toBe(200);
    pages.push({ path, html: text, ids: articleIds(text) });
    path = nextLink(text);
    if (pages.length > 40) throw new Error(`no end to the pages after ${first}`);
  }
  return pages;
}

let bulk: Todo[];
let parent: Todo;
let followUps: Todo[];

beforeAll(async () => {
  const base = inject("postgresBase");
  const database = base ? await createTestDatabase(base, "ask_paging") : null;
  dropDatabase = database?.drop;
  server = await startServer(database ? { DATABASE_URL: database.url } : {});
  cookie = await operatorCookie();
  // Mostly priority 5, like the flood, with some lower ones so pages cross priorities.
  bulk = await logMany(BULK, (i) => ({
    text: `bulk-${i}-start ${"x".repeat(BULK_TEXT_CHARS - 40)} bulk-${i}-end`,
    priority: [5, 5, 5, 2, 0, -2][i % 6],
  }));
  parent = (await logMany(1, () => ({ text: "parent of many follow-ups parent-end", priority: 5 })))[0]!;
  followUps = await logMany(FOLLOW_UPS, (i) => ({
    text: `follow-up-${i} ${"y".repeat(1500)}`,
    parent_id: parent!.id,
  }));
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
});

describe("pending over JSON", () => {
  it("pages with limit and before: every pending todo once, in queue order, with the count of all", async () => {
    const expected = [...bulk, parent, ...followUps].sort(inQueueOrder).map((todo) => todo.id);

    const first = await call<TodoList>("/api/core-ask/pending");
    expect(first.status).toBe(200);
    expect(first.data.todos).toHaveLength(100);
    expect(first.data.count).toBe(expected.length);
    expect(first.data.next).toEqual(expect.any(String));

    const seen: number[] = [];
    const sizes: number[] = [];
    for (let before: string | null = ""; before !== null;) {
      const { status, data }: { status: number; data: TodoList } = await call<TodoList>(
        `/api/core-ask/pending?limit=64${before ? `&before=${encodeURIComponent(before)}` : ""}`,
      );
      expect(status).toBe(200);
      expect(data.count).toBe(expected.length);
      sizes.push(data.todos.length);
      seen.push(...data.todos.map((todo) => todo.id));
      before = data.next;
    }
    expect(sizes.slice(0, -1).every((size) => size === 64)).toBe(true);
    expect(seen).toEqual(expected);
  });

  it.each([
    ["before=abc"],
    ["before=5_1"],
    ["before=5_1_2_3"],
    [`before=${encodeCursor([5, 99_999_999_999_999_999, 1])}`],
    [`before=${encodeCursor([9_999_999_999, 1, 1])}`],
    [`before=${encodeCursor([5, 1, 1, 1])}`],
  ])("refuses a cursor that is not one (%s) with 400", async (query) => {
    const { status, data } = await call(`/api/core-ask/pending?${query}`);
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, error: { code: "validation_failed" } });
  });
});

describe("the queue page", () => {
  it("shows at most 50 todos, cut short, with the count of all, and More leads to the rest once each", async () => {
    const pending = [...bulk, parent, ...followUps];
    const pages = await walkPages("/base-ask/queue");

    const first = pages[0]!.html.replaceAll("<!-- -->", "");
    expect(first).toContain(`Pending (${pending.length})`);
    expect(first).toContain(`${PAGE_SIZE} of ${pending.length} todos on this page.`);
    for (const page of pages) {
      expect(page.ids.length, page.path).toBeLessThanOrEqual(PAGE_SIZE);
      expect(Buffer.byteLength(page.html), page.path).toBeLessThan(PAGE_MAX_BYTES);
    }
    expect(pages.length).toBe(Math.ceil(pending.length / PAGE_SIZE));
    const seen = pages.flatMap((page) => page.ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort((a, b) => a - b)).toEqual(pending.map((todo) => todo.id).sort((a, b) => a - b));

    // Long texts are cut in the list; the todo's own page shows all of it.
    const shown = bulk.find((todo) => pages[0]!.ids.includes(todo.id))!;
    const index = /^bulk-(\d+)-start/.exec(shown.text)![1];
    expect(first).toContain(`bulk-${index}-start`);
    expect(first).not.toContain(`bulk-${index}-end`);
    expect(first).toContain("Read all");
    const own = await call(`/base-ask/queue/${shown.id}`);
    expect(own.status).toBe(200);
    expect(own.text).toContain(`bulk-${index}-end`);
  });

  it("pages the other tabs too: closed todos, newest change first", async () => {
    const closed: Todo[] = [];
    for (const todo of bulk.slice(0, 60)) {
      const { status, data } = await call<{ todo: Todo & { updated_at: string } }>(`/api/core-ask/${todo.id}/update`, {
        status: "done",
      });
      expect(status).toBe(200);
      closed.push({ ...data.todo, created_at: data.todo.updated_at });
    }
    const pages = await walkPages("/base-ask/queue?tab=closed");
    expect(pages.map((page) => page.ids.length)).toEqual([50, 10]);
    expect(pages[1]!.path).toMatch(/^\/base-ask\/queue\?tab=closed&before=[\w-]+$/);
    // The newest change first (created_at holds updated_at here), id breaking ties.
    const newestFirst = closed.sort(oldestFirst).reverse();
    expect(pages.flatMap((page) => page.ids)).toEqual(newestFirst.map((todo) => todo.id));
  });
});

describe("follow-ups of a todo", () => {
  it("answers the latest 50 with the count of all, and follow_ups_before reaches the older ones once each", async () => {
    const expected = [...followUps].sort(oldestFirst).map((todo) => todo.id);
    const { status, data } = await call<{ todo: TodoDetail }>(`/api/core-ask/${parent.id}`);
    expect(status).toBe(200);
    expect(data.todo.follow_up_count).toBe(FOLLOW_UPS);
    expect(data.todo.follow_ups.map((todo) => todo.id)).toEqual(expected.slice(-50));
    expect(data.todo.follow_ups_next).toEqual(expect.any(String));

    let seen: number[] = [];
    for (let before: string | null = ""; before !== null;) {
      const page: { status: number; data: { todo: TodoDetail } } = await call<{ todo: TodoDetail }>(
        `/api/core-ask/${parent.id}?follow_ups_limit=40${before ? `&follow_ups_before=${before}` : ""}`,
      );
      expect(page.status).toBe(200);
      expect(page.data.todo.follow_ups.length).toBeLessThanOrEqual(40);
      seen = [...page.data.todo.follow_ups.map((todo) => todo.id), ...seen];
      before = page.data.todo.follow_ups_next;
    }
    expect(seen).toEqual(expected);

    for (const query of ["follow_ups_limit=0", "follow_ups_limit=201", "follow_ups_before=1_2_3"]) {
      expect((await call(`/api/core-ask/${parent.id}?${query}`)).status, query).toBe(400);
    }
  });

  it("shows at most 50 follow-ups on the todo's page, and Earlier follow-ups leads to the rest once each", async () => {
    const pages = await walkPages(`/base-ask/queue/${parent.id}`);
    expect(pages[0]!.html).toContain("parent-end");
    expect(pages[0]!.html.replaceAll("<!-- -->", "")).toContain(`Follow-ups (${FOLLOW_UPS})`);
    const seen = pages.flatMap((page) => page.ids.filter((id) => id !== parent.id));
    for (const page of pages) {
      expect(page.ids.length, page.path).toBeLessThanOrEqual(PAGE_SIZE + 1);
      expect(Buffer.byteLength(page.html), page.path).toBeLessThan(PAGE_MAX_BYTES);
    }
    expect(pages.length).toBe(Math.ceil(FOLLOW_UPS / PAGE_SIZE));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort((a, b) => a - b)).toEqual(followUps.map((todo) => todo.id).sort((a, b) => a - b));
  });
});

describe("decisions ready over JSON", () => {
  it("pages with limit and before like pending", async () => {
    const waiting = await logMany(7, (i) => ({ text: `decide ${i}`, priority: i % 2 ? 4 : 1 }));
    for (const todo of waiting) {
      const moved = await call(`/api/core-ask/${todo.id}/update`, { status: "needs_decision", response: "A or B?" });
      expect(moved.status).toBe(200);
    }
    const seen: number[] = [];
    const sizes: number[] = [];
    for (let before: string | null = ""; before !== null;) {
      const { status, data }: { status: number; data: TodoList } = await call<TodoList>(
        `/api/core-ask/decisions/ready?limit=3${before ? `&before=${before}` : ""}`,
      );
      expect(status).toBe(200);
      expect(data.count).toBe(7);
      sizes.push(data.todos.length);
      seen.push(...data.todos.map((todo) => todo.id));
      before = data.next;
    }
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual([...waiting].sort(inQueueOrder).map((todo) => todo.id));
  });
});
