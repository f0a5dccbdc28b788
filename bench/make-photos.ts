// Writes the photos we make of our own renders (e2e/support/barcode-photos.ts)
// to a folder, for bench/corpus.ts: `<dir>/<format>/<kind>.jpg` with the
// expected text beside it in `<kind>.txt`. The same pictures on every run.
//
//   npx tsx bench/make-photos.ts <dir> [kind…]
import { chromium } from "@playwright/test";
import { chromiumLaunch } from "../tests/support/chromium";
import { openPhotoLab, PHOTO_KINDS, photoCases, writePhotoCorpus, type PhotoKind } from "../e2e/support/barcode-photos";

const [dir, ...kinds] = process.argv.slice(2);
if (!dir) {
  console.error("usage: npx tsx bench/make-photos.ts <dir> [kind…]");
  process.exit(2);
}
const unknown = kinds.filter((kind) => !(PHOTO_KINDS as readonly string[]).includes(kind));
if (unknown.length > 0) {
  console.error(`unknown kinds: ${unknown.join(", ")}; known: ${PHOTO_KINDS.join(", ")}`);
  process.exit(2);
}

const browser = await chromium.launch(chromiumLaunch);
try {
  const lab = await browser.newPage();
  await openPhotoLab(lab);
  const started = performance.now();
  const files = await writePhotoCorpus(lab, dir, photoCases(kinds.length > 0 ? (kinds as PhotoKind[]) : PHOTO_KINDS));
  console.log(`${files.length} photos in ${dir} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
} finally {
  await browser.close();
}
