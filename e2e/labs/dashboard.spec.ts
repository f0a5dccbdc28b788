import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { unique } from "../../tests/support/factories";

// The operator dashboard at / in a browser: what the API created shows up,
// it refreshes itself every 30 s on a controlled clock without touching what
// the operator is typing, and claiming and deciding from it work like the
// queue. Asks go in at priority 5 so they are at the top of the queue, and are
// closed at the end so they do not push other tests' asks off it.

const T0 = new Date("2026-03-02T10:00:00Z").getTime();

type Todo = { id: number; status: string; claimed_by: string | null; decision: string | null };

/** Operator calls through the page's own context (its login cookie). */
async function operatorPost(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
}

async function todoOf(page: Page, id: number): Promise<Todo> {
  return ((await (await page.request.get(`/api/core-ask/${id}`)).json()) as { todo: Todo }).todo;
}

async function logAsk(page: Page, text: string, { decision }: { decision?: string } = {}): Promise<number> {
  const { id } = (await operatorPost(page, "/api/core-ask/log", { text, priority: 5 })) as { id: number };
  if (decision)
    await operatorPost(page, `/api/core-ask/${id}/update`, { status: "needs_decision", response: decision });
  return id;
}

const closeAsk = (page: Page, id: number) => operatorPost(page, `/api/core-ask/${id}/update`, { status: "done" });

/** Fake timers from before the first script, paused: SWR's refresh fires only when the test moves the clock. */
async function openPausedDashboard(page: Page) {
  await page.addInitScript(() => {
    const w = window as typeof window & { dashboardFetches: number };
    w.dashboardFetches = 0;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.includes("/labs/api/dashboard")) w.dashboardFetches += 1;
      return original(input, init);
    };
  });
  // The event stream down, as when a proxy cuts it: the 30 s refresh is all there is.
  await page.route("**/labs/api/events/stream**", (route) => route.abort());
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1_000);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Labs", level: 1 })).toBeVisible();
  await expect(page.getByTestId("updated-ago")).toHaveText("updated now");
}

const dashboardFetches = (page: Page) =>
  page.evaluate(() => (window as typeof window & { dashboardFetches: number }).dashboardFetches);

test("shows a new todo as it is captured, from the event stream, long before its 30 s refresh", async ({
  page,
  login,
}) => {
  await login();
  await page.addInitScript(() => {
    const w = window as typeof window & { streamOpened: number };
    w.streamOpened = 0;
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener("open", () => (w.streamOpened += 1));
      }
    };
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Labs", level: 1 })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as typeof window & { streamOpened: number }).streamOpened))
    .toBe(1);
  const text = unique("Water the balcony plants");
  const id = await logAsk(page, text);
  // Well within the 30 s of the timed refresh: the stream brought it.
  await expect(page.getByRole("listitem", { name: `Ask ${id}`, exact: true })).toContainText(text, {
    timeout: 10_000,
  });
  await closeAsk(page, id);
});

test("shows a todo, a scan and an observation created through the API", async ({ page, login, api }) => {
  await login();
  const text = unique("Fix the porch light");
  const id = await logAsk(page, text);
  // Scanned through the browser's own context, like its phone would: its scan_sid names the session.
  const value = unique("5601234567890");
  const scan = (await operatorPost(page, "/base-scan/api/scan", { value })) as { session_id: string };
  const item = unique("Tripod");
  const observed = await api.post<{ item_id: number; br_id: string }>("/base-research/api/observe", {
    item_name: item,
    source: "Fotoshop",
    price: "89,90",
    availability: "in_stock",
  });
  expect(observed.status).toBe(200);

  await page.goto("/");
  await expect(page.getByRole("region", { name: "Health" }).getByTestId("db-health")).toHaveText("Database: ok");
  for (const service of ["Scan", "Ask", "Research", "Labs"]) {
    await expect(page.getByRole("listitem", { name: `${service}: ok` })).toBeVisible();
  }

  const ask = page.getByRole("listitem", { name: `Ask ${id}`, exact: true });
  await expect(ask).toContainText(text);
  await expect(ask.getByRole("link", { name: "Answer" })).toHaveAttribute("href", `/base-ask/queue#todo-${id}`);

  // The link reads the session's short label and carries its whole id.
  const session = page.getByTestId("scan-session");
  const label = scan.session_id.split("-").slice(0, 3).join("-");
  await expect(session.getByRole("link", { name: `Your session ${label}` })).toHaveAttribute(
    "href",
    `/base-scan/session?sid=${scan.session_id}`,
  );
  await expect(session.getByTestId("recent-scans")).toContainText(value);

  const observation = page.getByTestId("recent-observations").locator(`li[data-br-id="${observed.data.br_id}"]`);
  await expect(observation.getByRole("link", { name: item })).toHaveAttribute(
    "href",
    `/base-research/items/${observed.data.item_id}`,
  );
  await expect(observation).toContainText("€89.90");
  await page.screenshot({ path: "test-results/screenshots/dashboard-desktop.png", fullPage: true });
  await closeAsk(page, id);
});

test("refreshes on its own after 30 s, keeping a half-typed decision", async ({ page, login, api }) => {
  await login();
  const id = await logAsk(page, unique("Which lens to buy"), { decision: "A) 35 mm B) 50 mm" });
  await openPausedDashboard(page);

  // The operator starts a decision…
  const decision = page.getByRole("listitem", { name: `Decision ${id}`, exact: true });
  await expect(decision).toContainText("Options: A) 35 mm B) 50 mm");
  await decision.getByText("Make the decision").click();
  const box = decision.getByLabel("Your decision");
  await box.click();
  await box.pressSequentially("Take the");

  // …while the agent records an observation.
  const item = unique("Fresh lens");
  const observed = await api.post<{ br_id: string }>("/base-research/api/observe", {
    item_name: item,
    source: "Worten",
  });
  expect(observed.status).toBe(200);
  const recent = page.getByTestId("recent-observations");

  await page.clock.runFor(29_000);
  await expect(page.getByTestId("updated-ago")).toHaveText("updated 29 seconds ago");
  expect(await dashboardFetches(page)).toBe(0);
  await expect(recent.getByText(item)).toHaveCount(0);

  await page.clock.runFor(1_000);
  await expect(recent.locator(`li[data-br-id="${observed.data.br_id}"]`)).toContainText(item);
  await expect(page.getByTestId("updated-ago")).toHaveText("updated now");
  expect(await dashboardFetches(page)).toBe(1);

  await expect(box).toHaveValue("Take the");
  await expect(box).toBeFocused();
  await box.pressSequentially(" 50 mm");
  await expect(box).toHaveValue("Take the 50 mm");
  await closeAsk(page, id);
});

test("claims an ask from the dashboard, like the queue does", async ({ page, login }) => {
  await login();
  const text = unique("Renew the parking permit");
  const id = await logAsk(page, text);
  await page.goto("/");

  const ask = page.getByRole("listitem", { name: `Ask ${id}`, exact: true });
  await ask.getByRole("button", { name: `Claim #${id}` }).click();
  await expect(page).toHaveURL(/\/\?notice=.*#asks$/);
  await expect(page.getByRole("status")).toHaveText(`Claimed #${id}.`);
  // Claimed, it is no longer waiting.
  await expect(page.getByRole("listitem", { name: `Ask ${id}`, exact: true })).toHaveCount(0);
  expect(await todoOf(page, id)).toMatchObject({ status: "pending", claimed_by: "operator" });
  await closeAsk(page, id);
});

test("decides from the dashboard, like the queue does", async ({ page, login }) => {
  await login();
  const id = await logAsk(page, unique("Where do we go on Sunday"), { decision: "A) beach B) hills" });
  await page.goto("/");

  const decision = page.getByRole("listitem", { name: `Decision ${id}`, exact: true });
  await decision.getByText("Make the decision").click();
  await decision.getByLabel("Your decision").fill("B, the hills");
  await decision.getByRole("button", { name: "Decide" }).click();
  await expect(page).toHaveURL(/\/\?notice=.*#decisions$/);
  await expect(page.getByRole("status")).toContainText(`Decided #${id}`);
  await expect(page.getByRole("listitem", { name: `Decision ${id}`, exact: true })).toHaveCount(0);
  expect(await todoOf(page, id)).toMatchObject({ status: "pending", decision: "B, the hills" });
  await closeAsk(page, id);
});
