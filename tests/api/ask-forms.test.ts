import { describe, expect, it } from "vitest";
import { api, operatorCookie } from "./client";

// The queue page's form posts under /core-ask/<id>/… (JavaScript off): 303
// back to the page on success, a readable HTML page when refused.

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The texts of a page's success and info banners (components/ui/notice.tsx), as rendered on the server. */
function statusNotices(html: string): string[] {
  return [...html.matchAll(/<div role="status"[^>]*>([\s\S]*?)<\/div>/g)].map((match) =>
    match[1]!.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'"),
  );
}

async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return api(path, {
    method: "POST",
    cookie: await operatorCookie(),
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", ...headers },
    body: form(fields),
  });
}

async function logTodo(text: string) {
  const { data } = await api<{ id: number }>("/api/core-ask/log", { method: "POST", json: { text } });
  return data.id;
}

const getTodo = async (id: number) =>
  (await api<{ todo: Record<string, unknown> }>(`/api/core-ask/${id}`, { cookie: await operatorCookie() })).data.todo;

describe("queue form posts", () => {
  it("claim, update, answer and release answer 303 back to the page with a notice", async () => {
    const id = await logTodo("form flow");
    const claim = await post(`/core-ask/${id}/claim`, { back: "/base-ask/queue?tab=pending#todo-1" });
    expect(claim.status).toBe(303);
    expect(claim.headers.get("location")).toMatch(/^\/base-ask\/queue\?tab=pending&notice=claimed.*#todo-1$/);
    expect((await getTodo(id)).claimed_by).toBe("operator");

    const released = await post(`/core-ask/${id}/release`, {});
    expect(released.status).toBe(303);
    expect(released.headers.get("location")).toMatch(new RegExp(`^/base-ask/queue\\?notice=released.*#todo-${id}$`));

    const edit = await post(`/core-ask/${id}/update`, {
      text: "form flow, edited",
      priority: "3",
      status: "",
      response: "",
    });
    expect(edit.status).toBe(303);
    expect(await getTodo(id)).toMatchObject({
      text: "form flow, edited",
      priority: 3,
      status: "pending",
      response: null,
    });

    const answer = await post(`/core-ask/${id}/update`, {
      text: "form flow, edited",
      response: "All done.",
      answer: "1",
    });
    expect(answer.status).toBe(303);
    expect(await getTodo(id)).toMatchObject({ status: "answered", response: "All done." });
  });

  it("the page writes the notice a post sends back in the reader's language", async () => {
    const id = await logTodo("form notice");
    const claim = await post(`/core-ask/${id}/claim`, { back: "/base-ask/queue?tab=progress" });
    const location = claim.headers.get("location")!;
    expect(location).toBe(`/base-ask/queue?tab=progress&notice=claimed%3A${id}`);
    const page = async (language: string) =>
      statusNotices(
        (await api(location, { cookie: await operatorCookie(), headers: { "accept-language": language } })).text,
      );
    expect(await page("en")).toContain(`Claimed #${id}.`);
    expect(await page("pt-PT")).toContain(`Pedido #${id} assumido.`);

    // A status move names the status from the catalogue; a decision, the todo.
    const moved = await post(`/core-ask/${id}/update`, { text: "form notice", status: "done", back: "/" });
    expect(moved.headers.get("location")).toBe(`/?notice=moved%3A${id}%3Adone`);
    const dashboard = await api(moved.headers.get("location")!, { cookie: await operatorCookie() });
    expect(statusNotices(dashboard.text)).toContain(`Saved #${id}: now done.`);
    const decisionId = await logTodo("form notice decide");
    await post(`/core-ask/${decisionId}/update`, { text: "decide", status: "needs_decision", response: "A or B?" });
    const decided = await post(`/core-ask/${decisionId}/decide`, { decision: "A" });
    const todoPage = await api(
      `/base-ask/queue/${decisionId}?${new URL(decided.headers.get("location")!, "http://x").searchParams}`,
      {
        cookie: await operatorCookie(),
        headers: { "accept-language": "pt-PT" },
      },
    );
    expect(statusNotices(todoPage.text)).toContain(
      `Decisão do #${decisionId} registada; voltou à fila para um agente.`,
    );
  });

  it("shows no notice an address was given instead of the app: free text never reaches the banner", async () => {
    const id = await logTodo("crafted notice");
    const bait = "Call 555 0100 to unlock your account";
    const crafted = [
      bait,
      `claimed:${id}:${bait}`,
      `moved:${id}:${bait}`,
      `saved:${id}:${bait}`,
      `moved:${id}`,
      `lost:${id}`,
    ];
    for (const path of ["/", "/base-ask/queue", `/base-ask/queue/${id}`]) {
      for (const notice of crafted) {
        const { status, text } = await api(`${path}?notice=${encodeURIComponent(notice)}`, {
          cookie: await operatorCookie(),
        });
        expect(status, `${path} ${notice}`).toBe(200);
        expect(statusNotices(text), `${path} ${notice}`).toEqual([]);
      }
    }
  });

  it("snoozes for a number of hours and decides a needs_decision todo", async () => {
    const id = await logTodo("form snooze");
    const snooze = await post(`/core-ask/${id}/update`, { text: "form snooze", status: "snoozed", snooze_hours: "24" });
    expect(snooze.status).toBe(303);
    const snoozed = await getTodo(id);
    expect(snoozed.status).toBe("snoozed");
    expect(Date.parse(snoozed.snooze_until as string) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const decisionId = await logTodo("form decide");
    await post(`/core-ask/${decisionId}/update`, {
      text: "form decide",
      status: "needs_decision",
      response: "A or B?",
    });
    const decide = await post(`/core-ask/${decisionId}/decide`, { decision: "B, please" });
    expect(decide.status).toBe(303);
    expect(await getTodo(decisionId)).toMatchObject({ status: "pending", decision: "B, please" });
  });

  it("shows a readable HTML page, not JSON, when a form post is refused", async () => {
    const id = await logTodo("form refusals");
    const release = await post(`/core-ask/${id}/release`, { back: "/base-ask/queue" });
    expect(release.status).toBe(409);
    expect(release.headers.get("content-type")).toMatch(/^text\/html/);
    expect(release.text).toContain("That did not work");
    expect(release.text).toContain(`Todo ${id} is not claimed`);
    expect(release.text).toContain('href="/base-ask/queue"');

    const anonymous = await api(`/core-ask/${id}/claim`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: form({}),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toContain("Log in as the operator");

    const crossSite = await post(
      `/core-ask/${id}/claim`,
      {},
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.text).toContain("Cross-site requests");
    expect((await getTodo(id)).claimed_by).toBeNull();

    const invalid = await post(`/core-ask/${id}/decide`, { decision: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain("decision");
  });

  it("never redirects off the site, whatever back says", async () => {
    const id = await logTodo("open redirect");
    for (const back of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
      const { status, headers } = await post(`/core-ask/${id}/update`, { text: "open redirect", back });
      expect(status).toBe(303);
      expect(headers.get("location")).toMatch(new RegExp(`^/base-ask/queue\\?notice=.*#todo-${id}$`));
    }
  });

  it("escapes what it echoes in the error page", async () => {
    const { text } = await post(`/core-ask/${await logTodo("escape")}/update`, {
      text: "x",
      status: "<script>alert(1)</script>",
    });
    expect(text).not.toContain("<script>alert(1)</script>");
  });
});
