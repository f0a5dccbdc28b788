import { randomInt } from "node:crypto";
import bwipjs from "bwip-js/node";
import { gtinCheckDigit } from "../../lib/scan/check-digit";
import type { ListPreferencesResponse, SessionDetailResponse } from "../../lib/scan/schemas";
import { expect, test } from "../fixtures";
import { unique } from "../../tests/support/factories";

// The scanner page without a camera (the shared browser has none): a typed
// code or a gallery photo opens the result card, whose sentiment buttons and
// store picker save through the API; a scan taken offline waits on the phone
// and is recorded exactly once when the signal is back.

function ean13(): string {
  const data = `2${String(randomInt(0, 1e11)).padStart(11, "0")}`;
  return `${data}${gtinCheckDigit(data)}`;
}

function ean13With(prefix: string): string {
  const data = `${prefix}${String(randomInt(0, 1e9)).padStart(12 - prefix.length, "0")}`;
  return `${data}${gtinCheckDigit(data)}`;
}

test("sentiment buttons save with one tap", async ({ page, api }) => {
  const person = unique("Ana");
  // People exist once they have a card or a preference; this one has one on another code.
  expect(
    (await api.post("/base-scan/api/preferences/set", { code: ean13(), person_name: person, sentiment: "like" }))
      .status,
  ).toBe(200);
  const code = ean13();

  await page.goto("/base-scan/scan");
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("button", { name: "Add", exact: true }).first().click();
  const card = page.getByTestId("result-card");
  await expect(card).toHaveAttribute("data-state", "sent");
  await expect(card.getByTestId("result-value")).toHaveText(code);

  const opinions = card.getByRole("group", { name: `${person}'s opinion` });
  await expect(opinions.getByRole("button", { name: "Don't know" })).toHaveAttribute("aria-pressed", "true");
  await opinions.getByRole("button", { name: "Worth the heartburn" }).click();
  await expect(opinions.getByRole("button", { name: "Worth the heartburn" })).toHaveAttribute("aria-pressed", "true");
  await expect(opinions.getByRole("button", { name: "Don't know" })).toHaveAttribute("aria-pressed", "false");
  await expect
    .poll(async () => {
      const { data } = await api.get<ListPreferencesResponse>(`/base-scan/api/preferences/${code}`);
      return data.preferences.find((p) => p.person_name === person)?.sentiment;
    })
    .toBe("worth_heartburn");

  // A new person straight from the card.
  const newcomer = unique("Rui");
  await card.getByRole("textbox", { name: "Name of another person" }).fill(newcomer);
  await card.getByRole("button", { name: "Add", exact: true }).click();
  const theirs = card.getByRole("group", { name: `${newcomer}'s opinion` });
  await theirs.getByRole("button", { name: "Like", exact: true }).click();
  await expect(theirs.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(async () => {
      const { data } = await api.get<ListPreferencesResponse>(`/base-scan/api/preferences/${code}`);
      return data.preferences.find((p) => p.person_name === newcomer)?.sentiment;
    })
    .toBe("like");
});

test("the enrich button shows progress, then the product or a plain error", async ({ page }) => {
  const known = ean13With("560");
  await page.goto("/base-scan/scan");
  await page.getByRole("textbox", { name: "Code" }).fill(known);
  await page.getByRole("textbox", { name: "Code" }).press("Enter");
  const card = page.getByTestId("result-card");
  await expect(card.getByTestId("product-name")).toHaveText("Unnamed product");

  // Hold the look-up until its progress has been seen, then let it through.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/enrich**", async (route) => {
    await held;
    await route.continue();
  });
  await card.getByRole("button", { name: "Look up on Open Food Facts" }).click();
  const busy = card.getByRole("button", { name: "Looking up…" });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute("aria-busy", "true");
  release();
  await expect(card.getByTestId("product-name")).toHaveText(`Bolachas Maria ${known}`);
  await expect(card.getByText("Cuétara · 200 g")).toBeVisible();
  await expect(card.getByRole("button", { name: "Look up again" })).toBeEnabled();
  await page.unroute("**/enrich**");

  // A code Open Food Facts does not know: the server's message, as it is.
  const unknown = ean13With("21");
  await page.getByRole("textbox", { name: "Code" }).fill(unknown);
  await page.getByRole("textbox", { name: "Code" }).press("Enter");
  await expect(card.getByTestId("result-value")).toHaveText(unknown);
  await card.getByRole("button", { name: "Look up on Open Food Facts" }).click();
  await expect(card.getByRole("alert")).toHaveText(`Open Food Facts does not know the barcode ${unknown}.`);
  await expect(card.getByText("Open Food Facts does not know this code.")).toBeVisible();
});

test("the store picker creates, picks and clears the scan's store", async ({ page, api }) => {
  const known = unique("Pingo Doce");
  expect((await api.post("/base-scan/api/stores", { name: known })).status).toBe(200);
  const fresh = unique("Mercearia");
  const code = ean13();

  await page.goto("/base-scan/scan");
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("textbox", { name: "Code" }).press("Enter");
  const card = page.getByTestId("result-card");
  await expect(card).toHaveAttribute("data-state", "sent");
  // The card shows the session's short label; its whole id is the phone's scan_sid cookie.
  await expect(card.getByText(/Recorded in S-\d{6}-\d+$/)).toBeVisible();
  const sid = (await page.context().cookies()).find((cookie) => cookie.name === "scan_sid")?.value ?? "";
  const storeOf = async () => {
    const { data } = await api.get<SessionDetailResponse>(`/base-scan/api/session/${sid}`);
    return data.scans.find((scan) => scan.value === code)?.store_name ?? null;
  };

  const picker = card.getByRole("combobox", { name: "Store" });
  await picker.selectOption({ label: "+ New store…" });
  await card.getByRole("textbox", { name: "New store name" }).fill(fresh);
  await card.getByRole("button", { name: "Add", exact: true }).last().click();
  await expect(card.getByText(`Saved at ${fresh}.`)).toBeVisible();
  await expect(picker).toHaveValue(/^\d+$/);
  await expect.poll(storeOf).toBe(fresh);

  await picker.selectOption({ label: known });
  await expect(card.getByText(`Saved at ${known}.`)).toBeVisible();
  await expect.poll(storeOf).toBe(known);

  await picker.selectOption({ label: "No store" });
  await expect(card.getByText("Store removed.")).toBeVisible();
  await expect.poll(storeOf).toBeNull();

  await page.screenshot({ path: "test-results/screenshots/scan-result-card.png", fullPage: true });
});

test("a photo from the gallery is decoded and recorded", async ({ page }) => {
  const code = ean13();
  const png = await bwipjs.toBuffer({
    bcid: "ean13",
    text: code,
    scale: 3,
    paddingwidth: 20,
    paddingheight: 20,
    backgroundcolor: "FFFFFF",
  });
  await page.goto("/base-scan/scan");
  await page
    .getByLabel("Pick a photo of a barcode")
    .setInputFiles({ name: "code.png", mimeType: "image/png", buffer: png });
  await expect(page.getByTestId("result-value")).toHaveText(code, { timeout: 30_000 });
  await expect(page.getByTestId("result-card")).toHaveAttribute("data-state", "sent");

  // A picture without a code says so; a broken file too.
  const photoInput = page.getByLabel("Pick a photo of a barcode");
  const noCode = await page.getByRole("heading", { name: "Scanner" }).screenshot();
  await photoInput.setInputFiles({ name: "heading.png", mimeType: "image/png", buffer: noCode });
  await expect(page.getByRole("alert").filter({ hasText: "No barcode found in that photo" })).toBeVisible();
  await photoInput.setInputFiles({ name: "broken.png", mimeType: "image/png", buffer: png.subarray(0, 40) });
  await expect(page.getByRole("alert").filter({ hasText: "That photo could not be read" })).toBeVisible();
});

test("a scan taken offline waits on the phone and is recorded once when back online", async ({
  page,
  context,
  api,
}) => {
  const code = ean13();
  await page.goto("/base-scan/scan");
  await expect(page.getByTestId("camera-scanner")).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByTestId("outbox-banner")).toContainText("Offline");
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("textbox", { name: "Code" }).press("Enter");
  await expect(page.getByTestId("result-card")).toHaveAttribute("data-state", "queued");
  await expect(page.getByTestId("outbox-waiting")).toHaveText("1 scan waits to be sent.");
  await page.screenshot({ path: "test-results/screenshots/scan-offline.png", fullPage: true });

  await context.setOffline(false);
  await expect(page.getByTestId("result-card")).toHaveAttribute("data-state", "sent");
  await expect(page.getByTestId("outbox-banner")).toHaveCount(0);

  await page.goto("/base-scan/session");
  await expect(page.getByTestId("session-scan-value").filter({ hasText: code })).toHaveCount(1);
  const sid = (await page.getByTestId("session-id").getAttribute("data-session-id")) ?? "";
  const { data } = await api.get<SessionDetailResponse>(`/base-scan/api/session/${sid}`);
  expect(data.scans.filter((scan) => scan.value === code)).toHaveLength(1);

  // A later visit finds nothing left to send: the outbox is empty.
  await page.goto("/base-scan/scan");
  const left = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("labs-scan");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction("outbox").objectStore("outbox").count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(left).toBe(0);
});

test("ending the session asks first, then shows it ended", async ({ page, api }) => {
  const code = ean13();
  await page.goto("/base-scan/scan");
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("textbox", { name: "Code" }).press("Enter");
  await expect(page.getByTestId("result-card")).toHaveAttribute("data-state", "sent");

  await page.goto("/base-scan/session");
  const sid = (await page.getByTestId("session-id").getAttribute("data-session-id")) ?? "";
  await page.getByRole("button", { name: "End session" }).click();
  const confirm = page.getByRole("dialog", { name: "End this session?" });
  await expect(confirm.getByRole("button", { name: "Yes, end it" })).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  // The focus goes back to the button that opened it; Escape closes it too.
  await expect(page.getByRole("button", { name: "End session" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  expect((await api.get<SessionDetailResponse>(`/base-scan/api/session/${sid}`)).data.session.state).toBe("open");

  await page.getByRole("button", { name: "End session" }).click();
  await page.getByRole("button", { name: "Yes, end it" }).click();
  await expect(page.getByText("Ended", { exact: true })).toBeVisible();
  await expect(page.getByTestId("session-id")).toHaveAttribute("data-session-id", sid);
  expect((await api.get<SessionDetailResponse>(`/base-scan/api/session/${sid}`)).data.session.state).toBe("ended");
  await page.screenshot({ path: "test-results/screenshots/scan-session-ended.png", fullPage: true });

  // The next scan opens a new session.
  await page.goto("/base-scan/scan");
  await page.getByRole("textbox", { name: "Code" }).fill(ean13());
  await page.getByRole("textbox", { name: "Code" }).press("Enter");
  const label = sid.split("-").slice(0, 3).join("-");
  const recorded = page.getByTestId("result-card").getByText(/Recorded in S-/);
  await expect(recorded).toHaveText(/Recorded in S-\d{6}-\d+$/);
  await expect(recorded).not.toHaveText(new RegExp(`in ${label}$`));
});

test("the session page says when there is no session yet", async ({ page }) => {
  await page.goto("/base-scan/session");
  await expect(page.getByRole("heading", { name: "No scan session yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the scanner" })).toBeVisible();
});

for (const variant of ["", "/b", "/c", "/d"]) {
  test(`the scanner and session pages fit a phone${variant ? ` in variant ${variant.slice(1)}` : ""}`, async ({
    page,
  }) => {
    await page.goto(`${variant}/base-scan/scan`);
    await page.getByRole("textbox", { name: "Code" }).fill(ean13());
    await page.getByRole("textbox", { name: "Code" }).press("Enter");
    await expect(page.getByTestId("result-card")).toHaveAttribute("data-state", "sent");
    await expect(page.getByRole("heading", { name: "Scanner", level: 1 })).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const name = variant ? `-${variant.slice(1)}` : "";
    await page.screenshot({ path: `test-results/screenshots/scan-scanner${name}.png`, fullPage: true });

    // The session cookie reaches the variant's session page too.
    await page.goto(`${variant}/base-scan/session`);
    await expect(page.getByTestId("session-scan")).toHaveCount(1);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/scan-session${name}.png`, fullPage: true });
  });
}

test("each code read is told to screen readers: the kind of code and its value, or the product's name", async ({
  page,
}) => {
  const announcement = page.getByTestId("scan-announcement");
  const code = ean13();
  await page.goto("/base-scan/scan");
  await expect(announcement).toHaveAttribute("aria-live", "polite");
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("textbox", { name: "Code" }).press("Enter");
  await expect(page.getByTestId("result-card")).toHaveAttribute("data-state", "sent");
  await expect(announcement).toHaveText(`Read: barcode ${code}`);

  // Once the product has a name (from the Open Food Facts stand-in), the name is said.
  const named = ean13With("560");
  await page.getByRole("textbox", { name: "Code" }).fill(named);
  await page.getByRole("textbox", { name: "Code" }).press("Enter");
  await expect(announcement).toHaveText(`Read: barcode ${named}`);
  await page.getByTestId("result-card").getByRole("button", { name: "Look up on Open Food Facts" }).click();
  await expect(announcement).toHaveText(`Read: Bolachas Maria ${named}`);
});

test.describe("in Portuguese", () => {
  test.use({ locale: "pt-PT" });

  test("the code read is told in Portuguese", async ({ page }) => {
    const code = ean13();
    await page.goto("/base-scan/scan");
    await page.getByRole("textbox", { name: "Código" }).fill(code);
    await page.getByRole("textbox", { name: "Código" }).press("Enter");
    await expect(page.getByTestId("scan-announcement")).toHaveText(`Lido: código de barras ${code}`);
  });
});
