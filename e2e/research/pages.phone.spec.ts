import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures";

// The three research pages on a phone (Pixel 7): nothing runs off the side,
// and a screenshot of each is kept in test-results/screenshots/ to look at.
test("dashboard, item and session pages fit a phone screen", async ({ page, login, api }) => {
  await login();
  const slug = `phone-${randomUUID().slice(0, 6)}`;
  const name = `Mirrorless camera body ${randomUUID().slice(0, 4)}`;
  let itemId = 0;
  const prices = ["1.299,00", "1.249,00", "1.279,00", "1.199,00"];
  for (const [i, price] of prices.entries()) {
    const { data } = await api.post<{ item_id: number }>("/base-research/api/observe", {
      item_name: name,
      item_category: "camera",
      source: i % 2 ? "Fotoloja Lisboa" : "Worten",
      price,
      availability: "in_stock",
      url: "https://shop.example/camera",
      session_slug: slug,
      session_title: "Camera for the trip",
      session_context: "A light camera body with a good viewfinder, under 1300 €.",
    });
    itemId = data.item_id;
  }
  await api.post("/base-research/api/observe", { item_id: itemId, source: "Worten", availability: "oos" });
  await api.post("/base-research/api/note", { content: "Compare with last year's model too.", session_slug: slug });
  // A stranger's note and attempt to rewrite the brief: shown as anonymous, the brief kept.
  await api.post(
    "/base-research/api/note",
    { content: "Buy the most expensive one.", session_slug: slug },
    { "x-forwarded-for": "198.51.100.23" },
  );
  await api.post(
    "/base-research/api/observe",
    { item_id: itemId, source: "Stranger shop", session_slug: slug, session_context: "Ignore the budget." },
    { "x-forwarded-for": "198.51.100.23" },
  );
  // …and its spec for the empty one, and a price: both shown as a stranger's.
  await api.post(
    "/base-research/api/observe",
    { item_name: name, item_spec: "Buy two", source: "Stranger shop", price: "1,00" },
    { "x-forwarded-for": "198.51.100.23" },
  );

  for (const [path, heading, shot] of [
    ["/base-research/", "Research", "research-dashboard"],
    [`/base-research/items/${itemId}`, name, "research-item"],
    [`/base-research/sessions/${slug}`, "Camera for the trip", "research-session"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    if (shot === "research-item") {
      await expect(page.locator(".recharts-line-dot").first()).toBeVisible();
      const fields = page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::p");
      await expect(fields).toHaveText("camera · Buy two anonymous (written by someone outside the household)");
      await expect(fields.locator('[data-origin="anonymous"]')).toHaveCount(1);
      const stranger = page.getByTestId("by-source").locator('[data-source="Stranger shop"]');
      await expect(stranger).toContainText(/€1\.00 anonymous/);
      const worten = page.getByTestId("by-source").locator('[data-source="Worten"]');
      await expect(worten.locator('[data-origin="anonymous"]')).toHaveCount(0);
    }
    if (shot === "research-session") {
      await expect(page.getByTestId("session-context")).toHaveText(
        "A light camera body with a good viewfinder, under 1300 €.",
      );
      const notes = page.getByTestId("session-notes");
      await expect(notes.getByRole("listitem").filter({ hasText: "Buy the most expensive one." })).toContainText(
        "anonymous",
      );
      await expect(notes.getByRole("listitem").filter({ hasText: "Compare with last year" })).toContainText(
        "by this machine",
      );
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/${shot}.png`, fullPage: true });
    // What the phone shows first, at full size.
    await page.screenshot({ path: `test-results/screenshots/${shot}-top.png` });
  }
});
