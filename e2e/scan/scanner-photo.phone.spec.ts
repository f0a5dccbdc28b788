import type { Page } from "@playwright/test";
import { writeFileSync } from "node:fs";
import bwipjs from "bwip-js/node";
import { makePhoto, openPhotoLab, PHOTO_KINDS, photoCases, type PhotoCase } from "../support/barcode-photos";
import { expect, test } from "../fixtures";

// "Scan a photo" on camera photos (docs/barcode-corpus.md): each photo we
// make of our own renders (e2e/support/barcode-photos.ts: six formats, each
// through one kind of trouble) goes through the scanner's file input, and
// its value must be read, in its format, and shown on the result card. Each
// kind prints its rate; bench/corpus.ts compares the same photos with
// zxing-wasm.

/** Writes the photos of `cases` beside the test's results; their files, in case order. */
async function makePhotos(page: Page, cases: PhotoCase[], outputPath: (name: string) => string) {
  const lab = await page.context().newPage();
  try {
    await openPhotoLab(lab);
    const made: { photo: PhotoCase; file: string }[] = [];
    for (const photo of cases) {
      const file = outputPath(`${photo.name.replace("/", "-")}.jpg`);
      writeFileSync(file, await makePhoto(lab, photo));
      made.push({ photo, file });
    }
    return made;
  } finally {
    await lab.close();
  }
}

/** Chooses `file` in "Scan a photo" and waits for the scanner to say what it found in it. */
async function scanPhoto(page: Page, file: string, count: number) {
  const scanner = page.getByTestId("camera-scanner");
  await page.getByLabel("Pick a photo of a barcode").setInputFiles(file);
  await expect(scanner).toHaveAttribute("data-photos", String(count), { timeout: 60_000 });
  return JSON.parse((await scanner.getAttribute("data-photo-codes")) ?? "[]") as { value: string; format: string }[];
}

for (const kind of PHOTO_KINDS) {
  test(`photos ${kind}: every format is read`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const made = await makePhotos(page, photoCases([kind]), (name) => testInfo.outputPath(name));
    await page.goto("/base-scan/scan");

    const read: string[] = [];
    for (const [index, { photo, file }] of made.entries()) {
      const codes = await scanPhoto(page, file, index + 1);
      const hit = codes.find((code) => code.value === photo.value);
      expect.soft(hit, `${photo.name}: ${photo.value} among ${JSON.stringify(codes)}`).toBeDefined();
      if (!hit) continue;
      expect.soft(hit.format, photo.name).toBe(photo.format);
      await expect.soft(page.getByTestId("result-value"), photo.name).toHaveText(photo.value);
      read.push(photo.format);
    }
    console.log(`${kind}: ${read.length}/${made.length} read (${read.join(", ")})`);
    if (kind === "rotated") {
      await page.screenshot({ path: "test-results/screenshots/scan-photo-read.png", fullPage: true });
    }
  });
}

test("without workers the page reads the photo itself", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // As in a browser that has no Worker: read-photo.ts falls back to the page.
  await page.addInitScript("delete window.Worker");
  const cases = photoCases(["rotated"]).filter((photo) => photo.format === "ean_13");
  const [rotated] = await makePhotos(page, cases, (name) => testInfo.outputPath(name));
  await page.goto("/base-scan/scan");
  expect(await page.evaluate(() => typeof Worker)).toBe("undefined");
  const codes = await scanPhoto(page, rotated!.file, 1);
  expect(codes).toContainEqual({ value: rotated!.photo.value, format: "ean_13" });
  await expect(page.getByTestId("result-value")).toHaveText(rotated!.photo.value);
});

/** A barcode as a program draws it: bwip-js' PNG, on a transparent background unless given one. */
async function drawnPng(
  file: string,
  options: { bcid: string; text: string; height?: number; backgroundcolor?: string },
) {
  writeFileSync(file, await bwipjs.toBuffer({ scale: 3, paddingwidth: 12, paddingheight: 12, ...options }));
  return file;
}

test("passes a UPC-E and a full-ASCII Code 39 on as they are printed", async ({ page }, testInfo) => {
  // docs/decisions/027-one-reading-one-value.md: zxing reads this UPC-E as
  // 0050968000093 and names full-ASCII Code 39 code_39_extended.
  const cases = [
    { bcid: "upce", text: "05096893", format: "upc_e" },
    { bcid: "code39ext", text: "Cartao 12ab", format: "code_39" },
  ];
  await page.goto("/base-scan/scan");
  for (const [index, { bcid, text, format }] of cases.entries()) {
    const file = await drawnPng(testInfo.outputPath(`${bcid}.png`), {
      bcid,
      text,
      height: 12,
      backgroundcolor: "FFFFFF",
    });
    expect.soft(await scanPhoto(page, file, index + 1), bcid).toContainEqual({ value: text, format });
    await expect.soft(page.getByTestId("result-value"), bcid).toHaveText(text);
  }
});

test("reads a barcode drawn on a transparent background", async ({ page }, testInfo) => {
  // Its transparent pixels are black with no opacity: read as such, they are all ink.
  const file = await drawnPng(testInfo.outputPath("transparent.png"), {
    bcid: "datamatrix",
    text: "LABS-TRANSPARENT-7",
  });
  await page.goto("/base-scan/scan");
  expect(await scanPhoto(page, file, 1)).toContainEqual({ value: "LABS-TRANSPARENT-7", format: "data_matrix" });
});
