import { devices } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { sealOperatorSession } from "../../tests/support/operator-seal";
import { startServer, type RunningServer } from "../../tests/support/server";
import { expect, test } from "../fixtures";

// RESEARCH_ANON_DROPS=1 on a phone, in Portuguese: a stranger's price makes a
// drop, and the dashboard says so on an amber "anónimo" badge, for the new
// price and for the price before. A server of its own, as the shared one
// leaves strangers' drops out (the default). A stranger is a request with
// X-Forwarded-For, which the server believes from loopback.

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ TRUSTED_PROXIES: "loopback", RESEARCH_ANON_DROPS: "1" });
});
test.afterAll(async () => {
  await server?.stop();
});

async function observe(fields: Record<string, unknown>, stranger = false): Promise<number> {
  const response = await fetch(`${server.url}/base-research/api/observe`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(stranger ? { "x-forwarded-for": "198.51.100.9" } : {}) },
    body: JSON.stringify(fields),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { item_id: number }).item_id;
}

test("a stranger's drop is marked anónimo on the dashboard", async ({ browser }) => {
  test.setTimeout(90_000);
  const run = randomUUID().slice(0, 4);
  const grinder = `Moinho de café ${run}`;
  const grinderId = await observe({ item_name: grinder, source: "Worten", price: "200" });
  await observe({ item_id: grinderId, source: "Worten", price: "0,20" }, true);
  const scale = `Balança de cozinha ${run}`;
  const scaleId = await observe({ item_name: scale, source: "Continente", price: "9999" }, true);
  await observe({ item_id: scaleId, source: "Continente", price: "24,99" });
  const kettle = `Chaleira ${run}`;
  const kettleId = await observe({ item_name: kettle, source: "Fnac", price: "40" });
  await observe({ item_id: kettleId, source: "Fnac", price: "30" });

  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = devices["Pixel 7"];
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    userAgent,
    locale: "pt-PT",
  });
  await context.addCookies([
    { name: "labs_op", value: await sealOperatorSession(), url: server.url, httpOnly: true, sameSite: "Lax" },
  ]);
  const page = await context.newPage();
  await page.goto(`${server.url}/base-research/`);
  await expect(page.getByRole("heading", { name: "Preços", level: 1 })).toBeVisible();

  const drops = page.getByTestId("price-drops");
  const byStranger = drops.getByRole("listitem").filter({ hasText: grinder });
  await expect(byStranger).toHaveAttribute("data-origin", "anonymous");
  await expect(byStranger).toContainText("-99,9%");
  await expect(byStranger.locator('[data-origin="anonymous"]')).toHaveText(
    "anónimo (escrito por alguém de fora da casa)",
  );
  const afterStranger = drops.getByRole("listitem").filter({ hasText: scale });
  await expect(afterStranger).toHaveAttribute("data-origin", "local");
  await expect(afterStranger).toContainText("por esta máquina · preço anterior anónimo");
  const household = drops.getByRole("listitem").filter({ hasText: kettle });
  await expect(household).toContainText("por esta máquina");
  await expect(household.locator('[data-origin="anonymous"]')).toHaveCount(0);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await drops.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/pt-research-drops-anonymous.png" });
  await drops.screenshot({ path: "test-results/screenshots/pt-research-drops-anonymous-card.png" });
  await context.close();
});
