import { PNG_1X1 } from "../../tests/support/ask-files";
import { expect, test } from "../fixtures";

// The capture page and the queue on a phone: nothing runs off the side, the
// Ask dialog fits, and screenshots are kept in test-results/screenshots/.

async function noOverflow(page: import("@playwright/test").Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("capture page and the Ask dialog fit a phone", async ({ page }) => {
  await page.goto("/base-ask/");
  await expect(page.getByRole("heading", { name: "Ask", level: 1 })).toBeVisible();
  await page
    .getByRole("form", { name: "Full capture" })
    .getByLabel(/Screenshots or PDFs/)
    .setInputFiles({
      name: "screenshot.png",
      mimeType: "image/png",
      buffer: PNG_1X1,
    });
  await noOverflow(page);
  await page.screenshot({ path: "test-results/screenshots/ask-capture.png", fullPage: true });

  await page.goto("/base-scan/");
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(page.getByRole("dialog", { name: "Ask" })).toBeVisible();
  await noOverflow(page);
  await page.screenshot({ path: "test-results/screenshots/ask-dialog.png" });
});

test("queue fits a phone", async ({ page, login, api, request }) => {
  const parent = await api.post<{ id: number }>("/api/core-ask/log", {
    text: "The price list should remember the last store I picked",
    priority: 3,
    source: "ask-full",
    page_url: "/base-scan/prices",
  });
  await api.post("/api/core-ask/log", { text: "Also on the products page", parent_id: parent.data.id });
  await request.post("/api/core-ask/log", {
    multipart: {
      text: "Screenshot of the wallet",
      source: "bug",
      priority: "2",
      attachments: { name: "wallet.png", mimeType: "image/png", buffer: PNG_1X1 },
    },
  });
  await login();
  await page.goto("/base-ask/queue");
  await expect(page.getByRole("heading", { name: "Ask queue", level: 1 })).toBeVisible();
  const card = page.getByRole("article", { name: `Todo ${parent.data.id}`, exact: true });
  await expect(card.getByRole("region", { name: `Follow-ups of ${parent.data.id}` })).toContainText(
    "Also on the products page",
  );
  await noOverflow(page);
  await page.screenshot({ path: "test-results/screenshots/ask-queue.png", fullPage: false });
  await card.getByText("Edit and answer").first().click();
  await card.scrollIntoViewIfNeeded();
  await noOverflow(page);
  await page.screenshot({ path: "test-results/screenshots/ask-queue-edit.png" });

  // High-contrast dark (variant d) fits too; links on yellow keep black text.
  await page.goto("/d/base-ask/queue");
  await expect(page.getByRole("heading", { name: "Ask queue", level: 1 })).toBeVisible();
  await noOverflow(page);
  const activeTab = page.getByRole("link", { name: /^Pending/ });
  expect(await activeTab.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(0, 0, 0)");
  await page.screenshot({ path: "test-results/screenshots/ask-queue-variant-d.png" });
});

test("a todo's page with many follow-ups, and the queue's More link, fit a phone", async ({ page, login, api }) => {
  // Priority -2, so these sort after every other test's todos in the shared queue.
  const parent = await api.post<{ id: number }>("/api/core-ask/log", {
    text: `The receipt scanner misses the total on long receipts. ${"Every line is read, then the total is lost. ".repeat(40)}`,
    priority: -2,
    page_url: "/base-scan/scan",
  });
  for (let start = 0; start < 55; start += 11) {
    await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        api.post("/api/core-ask/log", { text: `Still happens, try ${start + i + 1}`, parent_id: parent.data.id }),
      ),
    );
  }
  await login();

  await page.goto(`/base-ask/queue/${parent.data.id}`);
  await expect(page.getByRole("heading", { name: `Todo #${parent.data.id}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("todo-follow-ups").getByRole("article")).toHaveCount(50);
  await noOverflow(page);
  await page.screenshot({ path: "test-results/screenshots/ask-todo.png" });
  const more = page.getByRole("navigation", { name: "More follow-ups" });
  await more.scrollIntoViewIfNeeded();
  await noOverflow(page);
  await page.screenshot({ path: "test-results/screenshots/ask-todo-more.png" });

  await page.goto("/base-ask/queue");
  const queueMore = page.getByRole("navigation", { name: "More todos" });
  await expect(queueMore.getByRole("link", { name: "More pending" })).toBeVisible();
  await queueMore.scrollIntoViewIfNeeded();
  await noOverflow(page);
  await page.screenshot({ path: "test-results/screenshots/ask-queue-more.png" });

  // In the list the long text is cut, and the todo is edited on its own page.
  const card = page.getByRole("article", { name: `Todo ${parent.data.id}`, exact: true });
  for (let pages = 1; !(await card.isVisible()); pages++) {
    expect(pages, "the card is on one of the pages").toBeLessThan(20);
    // Wait for the next page before looking for the card again: a check on
    // the page being left, then a second click, skips pages.
    const shown = page.url();
    await page.getByRole("link", { name: "More pending" }).click();
    // The next page is rendered on the server with the whole queue's count: beside the other suites, seconds.
    await expect(page).not.toHaveURL(shown, { timeout: 15_000 });
  }
  await expect(card.getByRole("link", { name: "Read all" })).toBeVisible();
  await expect(card.getByRole("link", { name: "Edit and answer on its page" })).toBeVisible();
  await card.evaluate((element) => element.scrollIntoView({ block: "start" }));
  await noOverflow(page);
  await page.screenshot({ path: "test-results/screenshots/ask-queue-cut.png" });
});

test.describe("in Portuguese", () => {
  test.use({ locale: "pt-PT" });

  test("an empty quick request is refused beside its field, announced, and nothing is sent", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/log")) sent.push(request.url());
    });
    await page.goto("/base-ask/");
    const quick = page.getByRole("form", { name: "Pedido rápido" });
    // The form's JavaScript in charge (noValidate), not the browser's own bubble.
    await expect(quick).toHaveAttribute("novalidate", "");
    await quick.getByRole("button", { name: "Enviar" }).click();
    const refusal = quick.getByRole("alert");
    await expect(refusal).toHaveText("não pode ficar em branco");
    const text = quick.getByRole("textbox");
    await expect(text).toHaveAttribute("aria-invalid", "true");
    await expect(text).toHaveAttribute("aria-describedby", (await refusal.getAttribute("id"))!);
    expect(sent).toEqual([]);
    await page.screenshot({ path: "test-results/screenshots/ask-quick-refused.png" });
  });
});
