import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { unique } from "../../tests/support/factories";

// The research dashboard in a browser: the 30 s refresh on a controlled clock,
// the pause while the tab is hidden, and the note form.

const T0 = new Date("2026-03-02T10:00:00Z").getTime();

/**
 * Fake timers from before the first script runs, paused, so every timer of
 * the page (SWR's refresh, the "updated N s ago" ticker) fires only when the
 * test moves the clock. Calls of fetch() to the state endpoint are counted in
 * the page itself, in step with those timers.
 */
async function openPausedDashboard(page: Page) {
  await page.addInitScript(() => {
    const w = window as typeof window & { stateFetches: number };
    w.stateFetches = 0;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.includes("/base-research/api/state")) w.stateFetches += 1;
      return original(input, init);
    };
  });
  // The event stream down, as when a proxy cuts it: the 30 s refresh is all there is.
  await page.route("**/labs/api/events/stream**", (route) => route.abort());
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1_000);
  await page.goto("/base-research/");
  await expect(page.getByRole("heading", { name: "Research", level: 1 })).toBeVisible();
  // Hydrated: the ticker is the client's from here on.
  await expect(page.getByTestId("updated-ago")).toHaveText("updated now");
}

const stateFetches = (page: Page) =>
  page.evaluate(() => (window as typeof window & { stateFetches: number }).stateFetches);

async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((hide) => {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (hide ? "hidden" : "visible"),
    });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hide });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

test("refreshes on its own after 30 s and shows a new observation, keeping a half-typed note", async ({
  page,
  login,
  api,
}) => {
  await login();
  const slug = `dash-${randomUUID().slice(0, 8)}`;
  await api.post("/base-research/api/observe", {
    item_name: unique("Session seed"),
    source: "Worten",
    session_slug: slug,
    session_title: "Dashboard test",
  });
  await openPausedDashboard(page);

  // The operator starts a note: picks a session, types half a sentence.
  const note = page.getByRole("textbox", { name: "Note" });
  await page.getByLabel("Session").selectOption(slug);
  await note.click();
  await note.pressSequentially("Check the price of");

  // Meanwhile the agent records an observation.
  const name = unique("Fresh lens");
  const { status, data } = await api.post<{ br_id: string }>("/base-research/api/observe", {
    item_name: name,
    source: "Fotoshop",
    price: "1.234,50",
    availability: "in_stock",
    url: "https://fotoshop.example/lens",
  });
  expect(status).toBe(200);

  const recent = page.getByTestId("recent-observations");
  await page.clock.runFor(29_000);
  await expect(page.getByTestId("updated-ago")).toHaveText("updated 29 seconds ago");
  expect(await stateFetches(page)).toBe(0);
  await expect(recent.getByText(name)).toHaveCount(0);

  await page.clock.runFor(1_000);
  const row = recent.locator(`tr[data-br-id="${data.br_id}"]`);
  await expect(row.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(row).toContainText("€1,234.50");
  await expect(row).toContainText("In stock");
  await expect(row.getByRole("link", { name: /fotoshop\.example/ })).toHaveAttribute(
    "href",
    "https://fotoshop.example/lens",
  );
  await expect(page.getByTestId("updated-ago")).toHaveText("updated now");
  expect(await stateFetches(page)).toBe(1);

  // Nothing the operator was doing was touched: text, session, caret.
  await expect(note).toHaveValue("Check the price of");
  await expect(note).toBeFocused();
  await expect(page.getByLabel("Session")).toHaveValue(slug);
  // Unique, so the note is this run's whatever the shared database holds.
  const rest = unique(" the lens");
  await note.pressSequentially(rest);
  const sent = `Check the price of${rest}`;
  await expect(note).toHaveValue(sent);

  // Ctrl+Enter sends it; it is listed with its session, the box empties.
  await page.keyboard.press("Control+Enter");
  const notes = page.getByTestId("notes");
  await expect(notes.getByText(sent)).toBeVisible();
  await expect(note).toHaveValue("");
  // The note shows at once and is marked busy until the server has saved it: wait for the saved
  // note itself (aria-busy="false"), not merely for the stand-in to show, before reading the API.
  await expect(notes.getByRole("listitem").filter({ hasText: sent })).toHaveAttribute("aria-busy", "false");
  const notesApi = await api.get<{ notes: { content: string; session_slug: string | null }[] }>(
    `/base-research/api/notes?session_slug=${slug}`,
  );
  expect(notesApi.data.notes[0]).toMatchObject({ content: sent, session_slug: slug });
});

test("shows a note the agent leaves as it is written, from the event stream", async ({ page, login, api }) => {
  await login();
  const opened = page.waitForResponse((response) => response.url().includes("/labs/api/events/stream"));
  await page.goto("/base-research/");
  expect((await opened).status()).toBe(200);
  const content = unique("Checked three shops for the kettle");
  expect((await api.post("/base-research/api/note", { content })).status).toBe(201);
  // The timed refresh is 30 s away: the stream brought it.
  await expect(page.getByTestId("notes").getByRole("listitem").filter({ hasText: content })).toBeVisible({
    timeout: 10_000,
  });
});

test("pauses while the tab is hidden and catches up when it is shown again", async ({ page, login }) => {
  await login();
  await openPausedDashboard(page);

  await setHidden(page, true);
  await page.clock.runFor(95_000);
  expect(await stateFetches(page)).toBe(0);

  // SWR handles visibilitychange on a zero-delay timer: let the clock move.
  await setHidden(page, false);
  await page.clock.runFor(10);
  await expect.poll(() => stateFetches(page)).toBe(1);
  await expect(page.getByTestId("updated-ago")).toHaveText("updated now");

  await page.clock.runFor(31_000);
  await expect.poll(() => stateFetches(page)).toBe(2);
});

test("adding a note with the button shows it at once, before the server answers", async ({ page, login, api }) => {
  await login();
  await page.goto("/base-research/");
  const content = unique("Look for a cheaper tripod");

  // Hold the POST until the list has been checked.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/base-research/api/note", async (route) => {
    await held;
    await route.continue();
  });

  await page.getByRole("textbox", { name: "Note" }).fill(content);
  await page.getByRole("button", { name: "Add note" }).click();
  const item = page.getByTestId("notes").getByRole("listitem").filter({ hasText: content });
  await expect(item).toBeVisible();
  await expect(item).toContainText("sending…");
  await expect(item).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("textbox", { name: "Note" })).toHaveValue("");

  release();
  // Saved: the stand-in is gone and the note has its time, so the API has it too.
  await expect(item).toHaveAttribute("aria-busy", "false");
  await expect(item).not.toContainText("sending…");
  await page.screenshot({ path: "test-results/screenshots/research-dashboard-desktop.png" });
  const { data } = await api.get<{ notes: { content: string }[] }>("/base-research/api/notes?limit=200");
  expect(data.notes.map((n) => n.content)).toContain(content);
});

test("a note the server refuses comes back into the box with the reason", async ({ page, login }) => {
  await login();
  await page.goto("/base-research/");
  await page.route("**/base-research/api/note", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ ok: false, error: { code: "unavailable", message: "The database is not answering." } }),
    }),
  );
  const box = page.getByRole("textbox", { name: "Note" });
  await box.fill("Do not lose me");
  await box.press("Control+Enter");
  await expect(page.getByRole("form", { name: "Add a note" }).getByRole("alert")).toHaveText(
    "Not saved: The database is not answering.",
  );
  await expect(box).toHaveValue("Do not lose me");
  await expect(page.getByTestId("notes").getByText("Do not lose me")).toHaveCount(0);
});

test("a field the server refuses shows the reason next to that field, and keeps the text", async ({ page, login }) => {
  await login();
  await page.goto("/base-research/");
  await page.route("**/base-research/api/note", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        ok: false,
        error: {
          code: "validation_failed",
          message: "The note is not valid.",
          issues: [{ path: "content", message: "must be at most 20000 characters" }],
        },
      }),
    }),
  );
  const box = page.getByRole("textbox", { name: "Note" });
  await box.fill("Too long, says the server");
  await page.getByRole("button", { name: "Add note" }).click();
  // The reason is the field's own description, and the field is marked invalid…
  await expect(box).toHaveAccessibleDescription("must be at most 20000 characters");
  await expect(box).toHaveAttribute("aria-invalid", "true");
  // …under the form, only a pointer to it; the text is back in the box.
  await expect(page.getByRole("form", { name: "Add a note" }).getByRole("alert")).toContainText([
    "must be at most 20000 characters",
    "Not saved: Check the fields marked below.",
  ]);
  await expect(box).toHaveValue("Too long, says the server");
  // Typing again clears the server's verdict.
  await box.press("End");
  await box.pressSequentially("!");
  await expect(box).not.toHaveAttribute("aria-invalid", "true");
});

test("a price drop says whose it is, and a stranger's made-up price is none", async ({ page, login, api }) => {
  await login();
  const observe = async (fields: Record<string, unknown>, headers?: Record<string, string>) => {
    const { status, data } = await api.post<{ item_id: number }>("/base-research/api/observe", fields, headers);
    expect(status).toBe(200);
    return data.item_id;
  };
  const real = unique("Tripod");
  const realId = await observe({ item_name: real, source: "Fotoshop", price: "80" });
  await observe({ item_id: realId, source: "Fotoshop", price: "60" });
  const faked = unique("Flash");
  const fakedId = await observe({ item_name: faked, source: "Fotoshop", price: "200" });
  await observe({ item_id: fakedId, source: "Fotoshop", price: "0,20" }, { "x-forwarded-for": "198.51.100.77" });

  await page.goto("/base-research/");
  const drops = page.getByTestId("price-drops");
  const drop = drops.getByRole("listitem").filter({ hasText: real });
  await expect(drop).toContainText("Fotoshop");
  await expect(drop).toContainText("by this machine");
  await expect(drop).toHaveAttribute("data-origin", "local");
  await expect(drops.getByText(faked)).toHaveCount(0);
  await expect(drops.locator('[data-origin="anonymous"]')).toHaveCount(0);
});
