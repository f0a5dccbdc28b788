import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { gtinCheckDigit } from "../../lib/scan/check-digit";
import type { SessionDetailResponse } from "../../lib/scan/schemas";
import { writeBarcodeVideo, type VideoOptions } from "../support/barcode-video";
import { withCamera } from "../support/camera";
import { expect, test } from "../fixtures";

// The scanner end to end with Chromium's fake camera playing a generated video
// (docs/architecture.md, "Runtime notes"): a code the camera keeps seeing, with short gaps, is recorded
// exactly once in the caller's session — checked on the session page and
// through the API. Desktop Chromium on Linux has no native BarcodeDetector,
// so this runs the zxing wasm served from our origin.

function ean13(): string {
  const data = `2${String(randomInt(0, 1e11)).padStart(11, "0")}`;
  return `${data}${gtinCheckDigit(data)}`;
}

const fatura = (docId: number) =>
  `A:500000000*B:999999990*C:PT*D:FS*E:N*F:20190812*G:FS CDVF/${docId}*H:CDF7T5HD-${docId}*I1:PT*I7:0.65*I8:0.15*N:0.15*O:0.80*Q:YhGV*R:9999*S:NU;0.80`;

const detections = (page: Page) =>
  page.getByTestId("camera-scanner").evaluate((element) => Number((element as HTMLElement).dataset.detections ?? 0));

const CASES: {
  name: string;
  value: () => string;
  video: (value: string) => VideoOptions;
  check: (page: Page) => Promise<void>;
}[] = [
  {
    name: "an EAN-13",
    value: ean13,
    video: (text) => ({ bcid: "ean13", text }),
    check: async (page) => {
      const card = page.getByTestId("result-card");
      await expect(card.getByText("Product", { exact: true })).toBeVisible();
      await expect(card.getByRole("button", { name: "Look up on Open Food Facts" })).toBeVisible();
    },
  },
  {
    name: "a fatura QR",
    value: () => fatura(randomInt(1, 1e9)),
    video: (text) => ({ bcid: "qrcode", text }),
    check: async (page) => {
      const card = page.getByTestId("result-card");
      await expect(card.getByText("Invoice", { exact: true })).toBeVisible();
      await expect(card.getByTestId("invoice-total")).toHaveText("€0.80");
      await expect(card.getByText("500000000", { exact: true })).toBeVisible();
    },
  },
];

for (const { name, value: makeValue, video, check } of CASES) {
  test(`the camera records ${name} exactly once in the session`, async ({ launchOptions, baseURL, api }, testInfo) => {
    test.setTimeout(120_000);
    const value = makeValue();
    const file = writeBarcodeVideo(testInfo.outputPath("camera.y4m"), video(value));
    const { browser, page } = await withCamera(launchOptions, baseURL!, file);
    try {
      // The banner that confirms a code stays 2.5 s: on a busy machine it can be
      // gone before the sent result is checked, so every banner shown is noted
      // (by its number: the same words twice are two banners).
      await page.addInitScript(() => {
        const shown: string[] = [];
        let last: string | undefined;
        Object.assign(window, { labsFlashes: shown });
        new MutationObserver(() => {
          const flash = document.querySelector<HTMLElement>("[data-testid=scan-flash]");
          const text = flash?.textContent;
          if (!flash || !text || flash.dataset.flash === last) return;
          last = flash.dataset.flash;
          shown.push(text);
        }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
      });
      await page.goto("/base-scan/scan");
      // Loading the reader (wasm, compiled in the page) is the slow part on a busy machine.
      await expect(page.getByTestId("camera-scanner")).toHaveAttribute("data-engine", /^zxing /, { timeout: 30_000 });
      await expect(page.getByTestId("result-value")).toHaveText(value, { timeout: 30_000 });
      await expect(page.getByTestId("result-card")).toHaveAttribute("data-state", "sent");
      const flashes = () => page.evaluate(() => (window as unknown as { labsFlashes: string[] }).labsFlashes);
      expect(await flashes()).toEqual([`✓ Scanned ${value}`]);
      await check(page);

      // Keep the code in front of the camera through several loops of the
      // video, each with a 1 s gap, so it is read again and again.
      const seen = await detections(page);
      await expect.poll(() => detections(page), { timeout: 60_000 }).toBeGreaterThan(seen + 25);
      // Seen again and again, announced once.
      expect(await flashes()).toEqual([`✓ Scanned ${value}`]);
      await page.screenshot({ path: `test-results/screenshots/scan-camera-${video(value).bcid}.png`, fullPage: true });

      await page.goto("/base-scan/session");
      await expect(page.getByTestId("session-scan-value").filter({ hasText: value })).toHaveCount(1);
      await expect(page.getByTestId("session-scan")).toHaveCount(1);
      const sid = (await page.getByTestId("session-id").getAttribute("data-session-id")) ?? "";
      const { status, data } = await api.get<SessionDetailResponse>(`/base-scan/api/session/${sid}`);
      expect(status).toBe(200);
      expect(data.scans.filter((scan) => scan.value === value)).toHaveLength(1);
      expect(data.totals.scans).toBe(1);
      await page.screenshot({ path: `test-results/screenshots/scan-session-${video(value).bcid}.png`, fullPage: true });
    } finally {
      await browser.close();
    }
  });
}

test("a refused camera says so and leaves typing and photos", async ({ launchOptions, baseURL }, testInfo) => {
  const file = writeBarcodeVideo(testInfo.outputPath("camera.y4m"), { bcid: "ean13", text: ean13() });
  const { browser, page } = await withCamera(launchOptions, baseURL!, file, ["--deny-permission-prompts"]);
  try {
    await page.goto("/base-scan/scan");
    await expect(page.getByRole("alert").filter({ hasText: "Camera access is blocked" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Code" })).toBeVisible();
    await expect(page.getByLabel("Pick a photo of a barcode")).toBeAttached();
    await page.screenshot({ path: "test-results/screenshots/scan-camera-refused.png", fullPage: true });
  } finally {
    await browser.close();
  }
});
