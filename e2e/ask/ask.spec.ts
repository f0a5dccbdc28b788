import type { Page } from "@playwright/test";
import { PNG_1X1 } from "../../tests/support/ask-files";
import { expect, test } from "../fixtures";
import { unique } from "../../tests/support/factories";

// Ask in the browser: capture from the floating button on another page, an
// attachment upload, the operator's claim → draft → edit → answer, and the
// queue's forms with JavaScript off.

type Todo = {
  id: number;
  text: string;
  status: string;
  source: string | null;
  priority: number;
  page_url: string | null;
  page_context: Record<string, unknown> | null;
  response: string | null;
  decision: string | null;
  claimed_by: string | null;
  attachments: { filename: string; content_type: string; size: number }[];
};

test("the floating Ask button captures a bug with the page it was opened on", async ({ page, login }) => {
  await page.goto("/base-scan/");
  await page.getByRole("button", { name: "Ask" }).click();
  const dialog = page.getByRole("dialog", { name: "Ask" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("ask-page-url")).toHaveText("From /base-scan/");

  const text = unique("The wallet scrolls sideways");
  await dialog.getByPlaceholder("What do you need?").fill(text);
  await dialog.getByRole("radio", { name: "High" }).click();
  await dialog.getByLabel("Report a bug").check();
  await dialog.getByPlaceholder("What do you need?").press("Enter");
  const sent = dialog.getByText(/^Sent as #\d+/);
  await expect(sent).toBeVisible();
  const id = Number(/#(\d+)/.exec((await sent.textContent()) ?? "")?.[1]);

  await login();
  const response = await page.request.get(`/api/core-ask/${id}`);
  const { todo } = (await response.json()) as { todo: Todo };
  expect(todo.text).toBe(text);
  expect(todo.source).toBe("bug");
  expect(todo.page_url).toMatch(/\/base-scan\/$/);
  expect(todo.page_context).toMatchObject({
    path: "/base-scan/",
    viewport: { width: expect.any(Number), height: expect.any(Number) },
    user_agent: expect.stringContaining("Chrome"),
  });
});

test("the Ask dialog closes with Escape and gives the focus back to the Ask button", async ({ page }) => {
  await page.goto("/base-scan/");
  const ask = page.getByRole("button", { name: "Ask", exact: true });
  await ask.click();
  const dialog = page.getByRole("dialog", { name: "Ask" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByPlaceholder("What do you need?")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(ask).toBeFocused();

  // From the keyboard too, and closed with its Close button.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(ask).toBeFocused();
});

test("a refused field shows its message next to that field", async ({ page }) => {
  await page.goto("/base-ask/");
  const sends: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/base-ask/log")) sends.push(request.url());
  });
  // The full form checks with the route's own schema before sending: the
  // route's words under the field, the field focused, nothing sent.
  const full = page.getByRole("form", { name: "Full capture" });
  const text = full.getByLabel("What is it about?");
  await text.fill(unique("A refused address"));
  const address = full.getByLabel("Page URL (optional)");
  await address.fill("ftp://example.com/page");
  await full.getByRole("button", { name: "Send" }).click();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(address).toHaveAccessibleDescription("must be an http(s):// address or a path starting with /");
  await expect(address).toBeFocused();
  await expect(text).not.toHaveAttribute("aria-invalid", "true");
  expect(sends).toHaveLength(0);

  // What only the server can tell (a "picture" whose bytes are none) comes
  // back in its words, sent as multipart, and nothing typed or picked is lost.
  await address.fill("/base-scan/");
  await expect(address).not.toHaveAttribute("aria-invalid", "true");
  await full
    .getByLabel(/Screenshots or PDFs/)
    .setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
  await full.getByRole("button", { name: "Send" }).click();
  await expect(full.getByRole("alert").filter({ hasText: "The attachment receipt.png is not an image" })).toBeVisible();
  expect(sends).toHaveLength(1);
  await expect(text).toHaveValue(/^A refused address/);
  await expect(address).toHaveValue("/base-scan/");
  await expect(full.getByRole("img", { name: "receipt.png" })).toHaveCount(1);

  // The quick form checks with the route's schema before sending.
  const quick = page.getByRole("form", { name: "Quick capture" });
  await quick.getByRole("button", { name: "Send" }).click();
  const line = quick.getByPlaceholder("What do you need?");
  await expect(line).toHaveAttribute("aria-invalid", "true");
  await expect(line).toHaveAccessibleDescription("must not be empty");
});

/** The full capture form with `text`, priority 3 and a one-pixel screenshot picked. */
async function fillFullCapture(page: Page, text: string) {
  const form = page.getByRole("form", { name: "Full capture" });
  await form.getByLabel("What is it about?").fill(text);
  await form.getByLabel("Priority").selectOption("3");
  await form
    .getByLabel(/Screenshots or PDFs/)
    .setInputFiles({ name: "screen.png", mimeType: "image/png", buffer: PNG_1X1 });
  return form;
}

test("full capture uploads a screenshot with a preview and progress", async ({ page, login }) => {
  await page.goto("/base-ask/");
  const text = unique("Receipt photo attached");
  const form = await fillFullCapture(page, text);
  await expect(form.getByRole("img", { name: "screen.png" })).toBeVisible();

  // Progress events reach the page: the bar shows while the upload runs.
  const sawProgress = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector('progress[aria-label="Upload progress"]')) resolve(true);
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
  );
  await form.getByRole("button", { name: "Send" }).click();
  expect(await sawProgress).toBe(true);
  const sent = form.getByText(/^Sent as #\d+/);
  await expect(sent).toBeVisible();
  await expect(form.getByRole("img", { name: "screen.png" })).toHaveCount(0);
  const id = Number(/#(\d+)/.exec((await sent.textContent()) ?? "")?.[1]);

  await login();
  const { todo } = (await (await page.request.get(`/api/core-ask/${id}`)).json()) as { todo: Todo };
  expect(todo).toMatchObject({ text, source: "ask-full" });
  expect(todo.attachments).toEqual([
    expect.objectContaining({ filename: "screen.png", content_type: "image/png", size: PNG_1X1.length }),
  ]);
});

test("the operator claims, drafts, edits and answers a todo", async ({ page, login, api }) => {
  const text = unique("Add oat milk to the shopping list");
  const { data } = await api.post<{ id: number }>("/api/core-ask/log", { text, priority: 5, page_url: "/base-scan/" });
  await login();
  await page.goto("/base-ask/queue");
  await expect(page.getByRole("heading", { name: "Ask queue", level: 1 })).toBeVisible();
  await expect(page.getByTestId("tips-ticker")).toContainText("Tip:");

  const card = page.getByRole("article", { name: `Todo ${data.id}`, exact: true });
  await card.getByRole("button", { name: "Claim" }).click();
  await expect(page.getByRole("status")).toContainText(`Claimed #${data.id}`);
  // Claimed, it left the pending list: the page shows it under "In progress".
  await expect(page.getByRole("link", { name: /^In progress/ })).toHaveAttribute("aria-current", "page");
  await expect(card.getByTestId("todo-claim")).toContainText("Claimed by operator");

  await card.getByText("Edit and answer").click();
  await card.getByRole("button", { name: "Draft a reply" }).click();
  const response = card.getByLabel("Response");
  await expect(response).toHaveValue(/Thanks for your request from \/base-scan\//);
  await expect(card.getByText(/Draft by the built-in template/)).toBeVisible();
  await response.fill(`${await response.inputValue()}\n\nIt is on the list now.`);
  await card.getByRole("button", { name: "Save and answer" }).click();
  await expect(page.getByRole("status")).toContainText(`Saved #${data.id}: now answered`);

  const { todo } = (await (await page.request.get(`/api/core-ask/${data.id}`)).json()) as { todo: Todo };
  expect(todo.status).toBe("answered");
  expect(todo.claimed_by).toBeNull();
  expect(todo.response).toMatch(/Thanks for your request[\s\S]*It is on the list now\.$/);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("full capture posts its fields and file as the form they are", async ({ page, login }) => {
    await page.goto("/base-ask/");
    const text = unique("Sent with scripts off");
    const form = await fillFullCapture(page, text);
    await form.getByLabel("Kind").selectOption("bug");
    await form.getByLabel("Page URL (optional)").fill("/base-scan/");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/base-ask\/\?sent=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get("sent"));
    await expect(page.getByText(`Sent as #${id}.`)).toBeVisible();

    await login();
    const { todo } = (await (await page.request.get(`/api/core-ask/${id}`)).json()) as { todo: Todo };
    expect(todo).toMatchObject({ text, priority: 3, source: "bug", page_url: "/base-scan/" });
    expect(todo.attachments).toEqual([
      expect.objectContaining({ filename: "screen.png", content_type: "image/png", size: PNG_1X1.length }),
    ]);
  });

  test("the queue's forms claim, release, answer and decide", async ({ page, login, api }) => {
    const text = unique("No-JS flow");
    const { data } = await api.post<{ id: number }>("/api/core-ask/log", { text, priority: 5 });
    const decision = await api.post<{ id: number }>("/api/core-ask/log", {
      text: unique("No-JS decision"),
      priority: 5,
    });
    await login();
    const get = async (id: number) =>
      ((await (await page.request.get(`/api/core-ask/${id}`)).json()) as { todo: Todo }).todo;

    await page.goto("/base-ask/queue");
    const card = page.getByRole("article", { name: `Todo ${data.id}`, exact: true });
    await card.getByRole("button", { name: "Claim" }).click();
    await expect(page).toHaveURL(new RegExp(`/base-ask/queue\\?tab=progress&notice=.*#todo-${data.id}$`));
    await expect(page.getByRole("status")).toContainText(`Claimed #${data.id}`);
    expect((await get(data.id)).claimed_by).toBe("operator");

    await card.getByRole("button", { name: "Release" }).click();
    await expect(page.getByRole("status")).toContainText(`Released #${data.id}`);
    expect((await get(data.id)).claimed_by).toBeNull();

    await page.goto("/base-ask/queue");
    await card.getByText("Edit and answer").click();
    await card.getByLabel("Response").fill("Replied with scripts off.");
    await card.getByRole("button", { name: "Save and answer" }).click();
    await expect(page.getByRole("status")).toContainText("now answered");
    expect(await get(data.id)).toMatchObject({ status: "answered", response: "Replied with scripts off." });

    // needs_decision → the Decisions tab → decide → back to pending with the decision.
    const decisionCard = page.getByRole("article", { name: `Todo ${decision.data.id}`, exact: true });
    await page.goto("/base-ask/queue");
    await decisionCard.getByText("Edit and answer").click();
    await decisionCard.getByLabel("Move to").selectOption("needs_decision");
    await decisionCard.getByLabel("Response").fill("A) this week B) next week");
    await decisionCard.getByRole("button", { name: "Save", exact: true }).click();
    await page.goto("/base-ask/queue?tab=decisions");
    await decisionCard.getByLabel("Your decision").fill("B");
    await decisionCard.getByRole("button", { name: "Decide" }).click();
    await expect(page.getByRole("status")).toContainText(`Decided #${decision.data.id}`);
    expect(await get(decision.data.id)).toMatchObject({ status: "pending", decision: "B" });

    // A refused post shows a readable page with a way back.
    const release = await page.request.post(`/core-ask/${data.id}/release`, {
      form: { back: "/base-ask/queue" },
      // An API request carries no browser language: ask for English, as the page would.
      headers: { accept: "text/html", "accept-language": "en" },
    });
    expect(release.status()).toBe(409);
    expect(await release.text()).toContain("is not claimed");
  });

  test("a long text is cut in the queue, and a todo's page pages its follow-ups", async ({ page, login, api }) => {
    // Priority -2, so these sort after every other test's todos in the shared queue.
    const tail = unique("the end of a long request");
    const parent = await api.post<{ id: number }>("/api/core-ask/log", {
      text: `${"A long request. ".repeat(100)}${tail}`,
      priority: -2,
    });
    for (let start = 0; start < 60; start += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api.post("/api/core-ask/log", { text: `Follow-up number ${start + i + 1}`, parent_id: parent.data.id }),
        ),
      );
    }
    await login();

    // Page through the queue ("More pending") to the parent's card: its text is cut.
    await page.goto("/base-ask/queue");
    const card = page.getByRole("article", { name: `Todo ${parent.data.id}`, exact: true });
    for (let pages = 1; !(await card.isVisible()); pages++) {
      expect(pages, "the card is on one of the pages").toBeLessThan(20);
      await page.getByRole("link", { name: "More pending" }).click();
    }
    await expect(page.getByTestId("page-summary")).toContainText(/\d+ of \d+ todos on this page\./);
    await expect(card.getByText(tail)).toHaveCount(0);
    await card.getByRole("link", { name: "Read all" }).first().click();

    // Its own page: the whole text, the latest 50 follow-ups, and the 10 before them.
    await expect(page).toHaveURL(new RegExp(`/base-ask/queue/${parent.data.id}$`));
    await expect(page.getByRole("heading", { name: `Todo #${parent.data.id}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("paragraph").filter({ hasText: tail })).toBeVisible();
    const followUps = page.getByTestId("todo-follow-ups");
    await expect(followUps.getByRole("heading", { name: "Follow-ups (60)" })).toBeVisible();
    await expect(followUps.getByRole("article")).toHaveCount(50);
    await expect(followUps.getByTestId("page-summary")).toHaveText("50 of 60 follow-ups on this page.");
    await expect(followUps.getByRole("paragraph").filter({ hasText: /^Follow-up number 60$/ })).toBeVisible();
    await followUps.getByRole("link", { name: "Earlier follow-ups" }).click();
    await expect(followUps.getByRole("article")).toHaveCount(10);
    await expect(followUps.getByRole("paragraph").filter({ hasText: /^Follow-up number 1$/ })).toBeVisible();
    await expect(followUps.getByRole("link", { name: "Earlier follow-ups" })).toHaveCount(0);
    await followUps.getByRole("link", { name: "Latest follow-ups" }).click();
    await expect(followUps.getByRole("article")).toHaveCount(50);
  });

  test("quick capture posts natively and lands back on the capture page", async ({ page }) => {
    await page.goto("/base-ask/");
    const form = page.getByRole("form", { name: "Quick capture" });
    await form.getByPlaceholder("What do you need?").fill(unique("Captured without JavaScript"));
    await form.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/base-ask\/\?sent=\d+$/);
    await expect(page.getByRole("status")).toContainText(/Sent as #\d+/);
  });
});
