import type { BarcodeFormat } from "../../lib/scan/barcode-format";
import type { Card } from "../../lib/scan/schemas";
import { expectedReading } from "../../tests/support/decode-barcode";
import { expect, test } from "../fixtures";
import { addCard, readShownBarcode, unique } from "./helpers";

// The wallet on a phone: add a card by typing it, show it at the "till" (the
// drawn barcode must decode back to the card's value), move between a store's
// cards, delete with confirmation, search.

test("adds a typed card, shows a barcode that decodes to its number, deletes it after confirming", async ({
  page,
  api,
}) => {
  const store = unique("Continente");
  const person = unique("Ana");
  const value = "2600000123457";

  await page.goto("/base-scan/");
  await page.getByRole("button", { name: "Add card" }).click();
  const form = page.getByRole("dialog", { name: "Add a card" });
  await form.getByLabel("Card number").fill(value);
  await form.getByLabel("Store").fill(store);
  await form.getByLabel("Whose card").fill(person);
  await form.getByLabel("Label (optional)").fill("Família");
  await expect(form.getByLabel("Barcode format")).toContainText("Automatic (EAN-13)");
  await expect(form.getByTestId("barcode")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/scan-add-card.png" });
  await form.getByRole("button", { name: "Save card" }).click();

  await expect(page.getByRole("status").filter({ hasText: `${store} card added.` })).toBeVisible();
  const tile = page.getByRole("button", { name: new RegExp(`^${store}, Família, ${person}, card `) });
  await tile.click();

  const checkout = page.getByRole("dialog", { name: `${store} card` });
  await expect(checkout).toBeVisible();
  await expect(page).toHaveURL(/\?card=\d+$/);
  await expect(checkout.getByTestId("card-number")).toHaveText(value);
  await expect(checkout.getByTestId("barcode")).toHaveAttribute("data-format", "ean_13");
  expect(await readShownBarcode(page, "ean_13")).toEqual([value]);
  await page.screenshot({ path: "test-results/screenshots/scan-checkout.png" });

  await checkout.getByRole("button", { name: "Delete card" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Delete ${person}’s ${store} card?`);
  await page.screenshot({ path: "test-results/screenshots/scan-delete-confirm.png" });
  // "Keep it" leaves the card alone.
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(confirm).toBeHidden();
  await checkout.getByRole("button", { name: "Delete card" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();

  await expect(checkout).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `${store} card deleted.` })).toBeVisible();
  await expect(tile).toBeHidden();
  const { data } = await api.get<{ cards: Card[] }>("/base-scan/api/cards");
  expect(data.cards.some((card) => card.store_name === store)).toBe(false);
});

const FORMATS: [BarcodeFormat, string][] = [
  ["code_128", "CLUB-000-4417"],
  ["qr_code", "https://club.example.pt/c/8842?n=João"],
  ["pdf417", "LOYALTY PDF 99812"],
  ["data_matrix", "DM-7731-22"],
  ["aztec", "AZ 5521 9000"],
  ["upc_a", "036000291452"],
];

test("draws every kind of card so that it decodes, and moves between a store's cards", async ({ page, api }) => {
  // Six barcodes drawn and decoded from screenshots: some 20 s on a quiet two-core machine.
  test.setTimeout(60_000);
  const store = unique("Formats");
  const person = unique("Rui");
  const cards: Card[] = [];
  for (const [format, value] of FORMATS)
    cards.push(await addCard(api, { store, person, value, format, label: format }));

  // The cards of one store follow wallet order: by label here.
  const order = [...cards].sort((a, b) => a.label.localeCompare(b.label));
  await page.goto(`/base-scan/?card=${order[0]!.id}`);
  const checkout = page.getByRole("dialog", { name: `${store} card` });
  await expect(checkout).toBeVisible();

  for (const [step, card] of order.entries()) {
    if (step > 0) await checkout.getByRole("button", { name: "Next card" }).click();
    await expect(checkout.getByTestId("card-number")).toHaveText(card.card_value);
    await expect(checkout.getByLabel("Card position")).toHaveText(`${step + 1}/${order.length}`);
    const format = card.card_format as BarcodeFormat;
    expect(await readShownBarcode(page, format), format).toEqual([expectedReading(card.card_value, format)]);
    await page.screenshot({ path: `test-results/screenshots/scan-checkout-${format}.png` });
  }

  // Past the last card comes the first; the arrow keys and a swipe move too.
  await checkout.getByRole("button", { name: "Next card" }).click();
  await expect(checkout.getByTestId("card-number")).toHaveText(order[0]!.card_value);
  await page.keyboard.press("ArrowLeft");
  await expect(checkout.getByTestId("card-number")).toHaveText(order.at(-1)!.card_value);
  await page.keyboard.press("ArrowRight");
  await expect(checkout.getByTestId("card-number")).toHaveText(order[0]!.card_value);

  const body = checkout.getByTestId("checkout-body");
  const box = (await body.boundingBox())!;
  const y = box.y + box.height / 2;
  await body.dispatchEvent("pointerdown", { clientX: box.x + box.width - 40, clientY: y, pointerType: "touch" });
  await body.dispatchEvent("pointerup", { clientX: box.x + 40, clientY: y + 10, pointerType: "touch" });
  await expect(checkout.getByTestId("card-number")).toHaveText(order[1]!.card_value);
  await expect(page).toHaveURL(new RegExp(`\\?card=${order[1]!.id}$`));

  await page.keyboard.press("Escape");
  await expect(checkout).toBeHidden();
  await expect(page).not.toHaveURL(/card=/);
});

test("a value that cannot be drawn in its format shows why, and the number", async ({ page, api }) => {
  // 12345 has no valid EAN-13 form; the API stores what it is given.
  const card = await addCard(api, { store: unique("Broken"), person: unique("Eva"), value: "12345", format: "ean_13" });
  await page.goto(`/base-scan/?card=${card.id}`);
  const checkout = page.getByRole("dialog", { name: `${card.store_name} card` });
  await expect(checkout.getByRole("alert")).toContainText("This number cannot be drawn as EAN-13");
  await expect(checkout.getByTestId("card-number")).toHaveText("12345");
  await page.screenshot({ path: "test-results/screenshots/scan-checkout-undrawable.png" });
});

test("a duplicate card is refused beside its number and nothing typed is lost", async ({ page, api }) => {
  const store = unique("Pingo Doce");
  const person = unique("Inês");
  await addCard(api, { store, person, value: "PD-123456", format: "code_128" });

  await page.goto("/base-scan/?add=1");
  const form = page.getByRole("dialog", { name: "Add a card" });
  await form.getByLabel("Card number").fill("PD-123456");
  await form.getByLabel("Store").fill(store.toUpperCase());
  await form.getByLabel("Whose card").fill(person);
  await form.getByRole("button", { name: "Save card" }).click();

  await expect(form.getByRole("alert")).toContainText("already has a card with that number");
  await expect(form.getByLabel("Card number")).toHaveValue("PD-123456");
  await expect(form.getByLabel("Store")).toHaveValue(store.toUpperCase());
  await expect(form.getByLabel("Whose card")).toHaveValue(person);
  await page.screenshot({ path: "test-results/screenshots/scan-add-card-duplicate.png" });

  // Empty fields are named before anything is sent.
  await form.getByLabel("Card number").fill("");
  await form.getByRole("button", { name: "Save card" }).click();
  await expect(form.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
});

test("search filters the wallet by store, label and number as you type", async ({ page, api }) => {
  const tag = unique("Search").split(" ")[1]!;
  const person = `Zé ${tag}`;
  await addCard(api, { store: `Lidl ${tag}`, person, value: "LIDL-99887766", format: "code_128" });
  await addCard(api, {
    store: `Auchan ${tag}`,
    person,
    value: "5601234567892",
    format: "ean_13",
    label: "Cartão Família",
  });

  await page.goto("/base-scan/");
  const search = page.getByRole("searchbox", { name: "Search cards" });
  const tiles = page.getByRole("button", { name: new RegExp(`${tag}, (.+, )?${person}, card `) });

  await search.fill(tag);
  await expect(tiles).toHaveCount(2);
  await search.fill(`lidl ${tag}`);
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toContainText(`Lidl ${tag}`);
  await search.fill(`cartao familia ${tag}`);
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toContainText(`Auchan ${tag}`);
  await search.fill("56012345678");
  await expect(page.getByRole("button", { name: new RegExp(`Auchan ${tag}`) })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`Lidl ${tag}`) })).toBeHidden();
  await search.fill(`nothing-like-this-${tag}`);
  await expect(page.getByText(`No card matches`)).toBeVisible();
  await search.fill(tag);
  await page.screenshot({ path: "test-results/screenshots/scan-wallet-search.png" });
});

test("the wallet fits a phone screen", async ({ page }) => {
  await page.goto("/base-scan/");
  await expect(page.getByRole("heading", { name: "Scan wallet", level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/screenshots/scan-wallet.png", fullPage: true });
});

type LockProbe = { locks: WakeLockSentinel[]; setHidden: (hidden: boolean) => void };

test("keeps the screen on while a card shows, again after the page was hidden, and lets go on close", async ({
  page,
  api,
}) => {
  // Watches the real Wake Lock API and lets the test hide the page.
  await page.addInitScript(() => {
    const locks: WakeLockSentinel[] = [];
    const request = navigator.wakeLock.request.bind(navigator.wakeLock);
    navigator.wakeLock.request = async (type?: "screen") => {
      const lock = await request(type);
      locks.push(lock);
      return lock;
    };
    let hidden = false;
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (hidden ? "hidden" : "visible"),
    });
    const probe: LockProbe = {
      locks,
      setHidden(value) {
        hidden = value;
        document.dispatchEvent(new Event("visibilitychange"));
      },
    };
    (window as unknown as { lockProbe: LockProbe }).lockProbe = probe;
  });
  const card = await addCard(api, {
    store: unique("Awake"),
    person: unique("Ana"),
    value: "AWAKE-1",
    format: "code_128",
  });
  const released = () =>
    page.evaluate(() => (window as unknown as { lockProbe: LockProbe }).lockProbe.locks.map((lock) => lock.released));

  await page.goto("/base-scan/");
  expect(await released()).toEqual([]);
  await page.getByRole("button", { name: new RegExp(`^${card.store_name}, `) }).click();
  const checkout = page.getByRole("dialog", { name: `${card.store_name} card` });
  await expect(checkout).toContainText("screen stays on");
  expect(await released()).toEqual([false]);

  await page.evaluate(() => (window as unknown as { lockProbe: LockProbe }).lockProbe.setHidden(true));
  await expect.poll(released).toEqual([true]);
  await page.evaluate(() => (window as unknown as { lockProbe: LockProbe }).lockProbe.setHidden(false));
  await expect.poll(released).toEqual([true, false]);

  await checkout.getByRole("button", { name: "Close" }).click();
  await expect(checkout).toBeHidden();
  await expect.poll(released).toEqual([true, true]);
});

/** `count` cards of one person at a store whose name sorts after other tests' stores, so theirs stay on page one. */
async function addManyCards(api: { post: Parameters<typeof addCard>[0]["post"] }, count: number) {
  const store = unique("zz Many cards");
  const person = unique("Olga");
  const created = await api.post<{ store_id: number }>("/base-scan/api/stores", { name: store });
  expect(created.status).toBe(200);
  const values = Array.from({ length: count }, (_, i) => `MANY-${String(i).padStart(3, "0")}`);
  for (let start = 0; start < count; start += 8) {
    const batch = values.slice(start, start + 8);
    const answers = await Promise.all(
      batch.map((value) =>
        api.post(`/base-scan/api/stores/${created.data.store_id}/cards`, { card_value: value, person_name: person }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(batch.map(() => 200));
  }
  return { store, values };
}

test.describe("a wallet with more cards than one page", () => {
  // Each test adds 105 cards first.
  test.slow();
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("shows 100 cards and its More cards link reaches the rest", async ({ page, api }) => {
      const { store, values } = await addManyCards(api, 105);
      // Archived ones among them are folded away, but on the page.
      const allTiles = page.getByRole("button", { name: /, card /, includeHidden: true });
      const mine = page.getByRole("button", { name: new RegExp(`^${store}, `) });

      await page.goto("/base-scan/");
      await expect(allTiles).toHaveCount(100);
      await expect(page.getByTestId("wallet-count")).toHaveText(/^100 of \d+ cards$/);
      await page.screenshot({ path: "test-results/screenshots/scan-wallet-more.png", fullPage: true });

      const seen: string[] = [];
      for (let pages = 1; ; pages += 1) {
        expect(await allTiles.count()).toBeLessThanOrEqual(100);
        for (const label of await mine.evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute("aria-label")))) {
          seen.push(label!.replace(/.*, card /, ""));
        }
        const more = page.getByRole("link", { name: /More cards/ });
        if ((await more.count()) === 0) break;
        expect(pages).toBeLessThan(20);
        await more.click();
        await expect(page).toHaveURL(/\?cursor=/);
        await expect(page.getByRole("link", { name: /First cards/ })).toBeVisible();
      }
      expect(seen.sort()).toEqual(values);
    });
  });

  test("with JavaScript the next page works like the first: its cards open at the till", async ({ page, api }) => {
    const { store, values } = await addManyCards(api, 105);
    await page.goto("/base-scan/");
    await expect(page.getByTestId("wallet-count")).toHaveText(/^100 of \d+ cards$/);
    // Ours sort after every other test's but one running alongside: the last of them is on a later page.
    const lastValue = values.at(-1)!;
    const tile = page.getByRole("button", { name: new RegExp(`^${store}, .*, card ${lastValue}$`) });
    await expect(tile).toHaveCount(0);
    for (let pages = 1; (await tile.count()) === 0; pages += 1) {
      expect(pages).toBeLessThan(20);
      const more = page.getByRole("link", { name: /More cards/ });
      const cursor = new URL((await more.getAttribute("href"))!, page.url()).searchParams.get("cursor")!;
      await more.click();
      await expect(page).toHaveURL(new RegExp(`\\?cursor=${cursor}$`));
    }
    await tile.click();
    const checkout = page.getByRole("dialog", { name: `${store} card` });
    await expect(checkout.getByTestId("card-number")).toHaveText(lastValue);
    await expect(page).toHaveURL(/\?cursor=.*&card=\d+$/);
    await page.keyboard.press("Escape");
    await expect(checkout).toBeHidden();
    await page.screenshot({ path: "test-results/screenshots/scan-wallet-later-page.png", fullPage: true });
  });
});

test("the sheets and the card open from the keyboard, keep the focus inside, and give it back on Escape", async ({
  page,
  api,
}) => {
  const card = await addCard(api, {
    store: unique("Keys"),
    person: unique("Ana"),
    value: "KEYS-1",
    format: "code_128",
  });
  await page.goto("/base-scan/");
  const inside = (dialog: import("@playwright/test").Locator) =>
    dialog.evaluate((element) => element.contains(document.activeElement));

  for (const [button, title, param] of [
    ["Add card", "Add a card", "add"],
    ["Import cards", "Import cards", "import"],
  ] as const) {
    const opener = page.getByRole("button", { name: button, exact: true });
    await opener.focus();
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog", { name: title });
    await expect(sheet).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]${param}=1`));
    await expect.poll(() => inside(sheet)).toBe(true);
    // The page behind is inert: Tab and Shift+Tab never reach it (past the
    // sheet's ends the focus goes to the browser's own controls, then back).
    for (const key of [...Array<string>(8).fill("Tab"), ...Array<string>(8).fill("Shift+Tab")]) {
      await page.keyboard.press(key);
      const behind = await sheet.evaluate(
        (element) =>
          document.activeElement !== null &&
          document.activeElement !== document.body &&
          !element.contains(document.activeElement),
      );
      expect(behind, `${title}: ${key}`).toBe(false);
    }
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page).not.toHaveURL(new RegExp(`${param}=`));
  }

  const tile = page.getByRole("button", { name: new RegExp(`^${card.store_name}, `) });
  await tile.focus();
  await page.keyboard.press("Enter");
  const checkout = page.getByRole("dialog", { name: `${card.store_name} card` });
  await expect(checkout).toBeVisible();
  await expect(checkout.getByRole("button", { name: "Close" })).toBeFocused();

  // The question before deleting: its safe answer takes the focus, Escape
  // closes the question alone, and the focus goes back to its button.
  const remove = checkout.getByRole("button", { name: "Delete card" });
  await remove.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: new RegExp(card.store_name) });
  await expect(confirm).toBeVisible();
  await expect(confirm).toHaveAccessibleDescription(new RegExp("KEYS-1"));
  await expect(confirm.getByRole("button", { name: "Keep it" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(checkout).toBeVisible();
  await expect(remove).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(checkout).toBeHidden();
  await expect(tile).toBeFocused();
});
