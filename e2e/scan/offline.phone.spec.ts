import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures";
import { addCard, readShownBarcode, unique } from "./helpers";

// A shop basement: once the Scan pages were opened with signal, the wallet,
// its cards and the other Scan pages open with none.

test("the wallet and its cards work offline once the service worker controls the page", async ({
  page,
  context,
  api,
}) => {
  const person = unique("Basement");
  const first = await addCard(api, { store: unique("Lidl"), person, value: "5601234567892", format: "ean_13" });

  await page.goto("/base-scan/");
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

  // A card added later reaches the stored copy with the next visit online.
  const second = await addCard(api, { store: unique("Aldi"), person, value: "ALDI-4471", format: "code_128" });
  await page.reload();
  await expect(page.getByRole("button", { name: new RegExp(`^${second.store_name}, `) })).toBeVisible();

  // A card added in the page updates the stored copy without another visit.
  const third = unique("Mercadona");
  await page.getByRole("button", { name: "Add card" }).click();
  const form = page.getByRole("dialog", { name: "Add a card" });
  await form.getByLabel("Card number").fill("MERC-0042");
  await form.getByLabel("Store").fill(third);
  await form.getByLabel("Whose card").fill(person);
  await form.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${third} card added.` })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const names = await caches.keys();
        for (const name of names.filter((key) => key.startsWith("scan-pages-"))) {
          const stored = await (await caches.open(name)).match("/base-scan/");
          if (stored) return stored.text();
        }
        return "";
      }),
    )
    .toContain("MERC-0042");

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole("button", { name: new RegExp(`^${third}, ${person}`) })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Scan wallet", level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Offline" })).toBeVisible();
    for (const card of [first, second]) {
      await expect(page.getByRole("button", { name: new RegExp(`^${card.store_name}, ${person}`) })).toBeVisible();
    }
    await page.screenshot({ path: "test-results/screenshots/scan-wallet-offline.png" });

    // The checkout view has its own URL and its data in the page: it opens offline too.
    await page.goto(`/base-scan/?card=${first.id}`);
    const checkout = page.getByRole("dialog", { name: `${first.store_name} card` });
    await expect(checkout.getByTestId("card-number")).toHaveText(first.card_value);
    expect(await readShownBarcode(page, "ean_13")).toEqual([first.card_value]);

    // Every Scan page was stored when the worker installed, visited or not.
    for (const [path, heading] of [
      ["/base-scan/prices", "Prices"],
      ["/base-scan/products", "Products"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    }

    // Writes are never answered from a store: deleting offline fails visibly and keeps the card.
    await page.goto(`/base-scan/?card=${second.id}`);
    await page.getByRole("button", { name: "Delete card" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("alertdialog").getByRole("alert")).toContainText("No connection");
  } finally {
    await context.setOffline(false);
  }
  const { data } = await api.get<{ cards: { id: number }[] }>("/base-scan/api/cards");
  expect(data.cards.map((card) => card.id)).toContain(second.id);
});

test("the Scan app is installable: manifest, icons and a service worker scoped to /base-scan/", async ({
  page,
  request,
}) => {
  await page.goto("/base-scan/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/base-scan/manifest.webmanifest");
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({ start_url: "/base-scan/", scope: "/base-scan/", display: "standalone" });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const response = await request.get(icon.src);
    expect(response.headers()["content-type"]).toBe("image/png");
    const png = await response.body();
    const [width, height] = icon.sizes.split("x").map(Number);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
  }
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe("/base-scan/");

  // Other areas are never controlled by it.
  await page.goto("/base-ask/");
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});

test("the service worker stores only the Scan files it knows, whatever a page posts to it", async ({ page }) => {
  await page.goto("/base-scan/");
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  const probe = `/labs/healthz?probe=${randomUUID()}`;
  const foreign = `https://example.com/probe-${randomUUID()}.js`;
  const prices = "/base-scan/prices";
  const icon = "/base-scan/icons/icon-192.png";

  // A worker that took a list of addresses to store would have fetched and
  // kept these. The list goes first, then a refresh of one page whose copy is
  // removed: once that page and the files after it are stored again, the
  // worker has handled both messages, in order.
  await page.evaluate(
    async ({ urls, prices, icon }) => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        await cache.delete(prices);
        await cache.delete(icon);
      }
      const worker = navigator.serviceWorker.controller!;
      worker.postMessage({ type: "cache-urls", urls });
      worker.postMessage({ type: "refresh-pages", paths: [prices] });
    },
    { urls: [probe, foreign], prices, icon },
  );
  const stored = (url: string) => page.evaluate(async (url) => Boolean(await caches.match(url)), url);
  await expect.poll(async () => (await stored(prices)) && (await stored(icon))).toBe(true);
  expect(await stored(probe)).toBe(false);
  expect(await stored(foreign)).toBe(false);
});
