// How well the scanner reads photos: every picture of a folder goes through
// the scanner page's own "Scan a photo" (its file input, on a production
// server, in Chromium on a phone profile) and through zxing-wasm in Node (the
// library the page's reader is built on, with its default options, given the
// same file's bytes). Prints, per barcode format, how many each read, and
// exits 1 when the page reads fewer than zxing-wasm in a format it scans.
//
//   npx tsx bench/corpus.ts <dir> [--by-name] [--each]
//
// Layout (docs/barcode-corpus.md): any depth of folders; a photo is a .jpg,
// .jpeg, .png, .webp, .gif or .bmp with a .txt of the same name beside it
// holding exactly the text the code carries; one final line break may be
// the file's or the code's (zxing's qrcode-3/18 ends in one), so a reading
// counts with it or without it.
// Photos without a .txt are counted and left out.
//
// The format of a photo is the nearest folder whose name is a format, as is
// or without a "-<n>" suffix ("ean_13/", "EAN-13/", "qrcode-2/",
// "datamatrix-1/"); else the format reported by whichever reader read the
// expected text; else "unknown". A reading counts when it says what the
// expected text says (readsAs in lib/scan/normalise-reading.ts): the same
// text, the same product code (a UPC-A in 12 or 13 digits, a UPC-E in 8 or
// as its UPC-A), or for Codabar the same data between its start and stop
// letters. --by-name adds a table per file name, for folders that hold the
// same names (the made photos: <format>/<kind>.jpg); --each a line per photo.
//
// Where a MANIFEST.md beside the folder (or above it) lists, per folder, how
// many photos zxing's own tests must read ("zxing 0° pass (normal /
// try-harder)", as the manifest of zxing's blackbox photos does), a table per folder
// puts the page's count beside that number.
//
// Files that zxing-wasm cannot open in Node (WebP) are given to it as the
// pixels Chromium decoded. Prints numbers and the misses; the photos stay
// where they are (never copy photos no one here made into the repository).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { chromium, devices, type Page } from "@playwright/test";
import { BARCODE_FORMATS, normalizeFormat } from "../lib/scan/barcode-format";
import { readsAs } from "../lib/scan/normalise-reading";
import { readAllBarcodes } from "../tests/support/decode-barcode";
import { percentile, startBenchServer } from "./support";
import { chromiumLaunch } from "../tests/support/chromium";

const IMAGE = /\.(jpe?g|png|webp|gif|bmp)$/i;
const MIME: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  bmp: "image/bmp",
};
/** A fresh page now and then, so hours of photos do not pile up in one tab. */
const PHOTOS_PER_PAGE = 40;

type Photo = { file: string; name: string; expected: string; folderFormat: string | null };
type Reading = { read: boolean; format: string | null; ms: number; error?: string };
type Row = Photo & { ours: Reading & { longestTaskMs: number }; zxing: Reading };

const args = process.argv.slice(2);
const dir = args.find((arg) => !arg.startsWith("--"));
const byName = args.includes("--by-name");
const each = args.includes("--each");
if (!dir || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
  console.error("usage: npx tsx bench/corpus.ts <dir> [--by-name] [--each]");
  process.exit(2);
}

const { photos, withoutText } = listPhotos(dir);
console.log(
  `${dir}: ${photos.length} photos with their text${withoutText ? `, ${withoutText} without (left out)` : ""}`,
);
if (photos.length === 0) process.exit(2);

const bench = await startBenchServer();
const browser = await chromium.launch(chromiumLaunch);
let rows: Row[];
try {
  const zxing = await readInNode(photos);
  const ours = await readInPage(photos, bench.server.url);
  rows = photos.map((photo, i) => ({ ...photo, zxing: zxing[i]!, ours: ours[i]! }));
} finally {
  await browser.close();
  await bench.stop();
}
process.exitCode = report(rows) ? 0 : 1;

function listPhotos(root: string): { photos: Photo[]; withoutText: number } {
  const photos: Photo[] = [];
  let withoutText = 0;
  const entries = (readdirSync(root, { recursive: true }) as string[]).filter((entry) => IMAGE.test(entry)).sort();
  for (const name of entries) {
    const file = path.join(root, name);
    if (!statSync(file).isFile()) continue;
    const textFile = file.replace(IMAGE, ".txt");
    const text = statSync(textFile, { throwIfNoEntry: false })?.isFile() ? readFileSync(textFile, "utf8") : null;
    if (text === null) {
      withoutText += 1;
      continue;
    }
    photos.push({ file, name, expected: text, folderFormat: folderFormat(name) });
  }
  return { photos, withoutText };
}

/** The nearest folder of `name` whose name is a format, as is or without a "-<n>" suffix. */
function folderFormat(name: string): string | null {
  const folders = path
    .dirname(name)
    .split(path.sep)
    .filter((part) => part && part !== ".");
  for (const folder of folders.reverse()) {
    const format = normalizeFormat(folder) ?? normalizeFormat(folder.replace(/-\d+$/, ""));
    if (format) return format;
  }
  return null;
}

/** Whether a code read from `photo` carries its text, with or without the text file's final line break. */
function readsExpected(photo: Photo, value: string, format: string): boolean {
  const reading = { value, format: normalizeFormat(format) };
  return readsAs(reading, photo.expected) || readsAs(reading, photo.expected.replace(/\r?\n$/, ""));
}

/** zxing's own count for a folder: how many of its photos its tests must read at 0°, normally and trying harder. */
type Required = { normal: number; tryHarder: number };

/**
 * The counts of the nearest MANIFEST.md at or above `root`, by folder name:
 * the rows of its table whose header has a "zxing … pass" column holding
 * "<normal> / <try-harder>". Empty when there is none.
 */
function requiredCounts(root: string): Map<string, Required> {
  const counts = new Map<string, Required>();
  let folder = path.resolve(root);
  for (let depth = 0; depth < 3; depth += 1, folder = path.dirname(folder)) {
    const file = path.join(folder, "MANIFEST.md");
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
    let column = -1;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const cells = line.split("|").map((cell) => cell.trim().replace(/`/g, ""));
      if (!line.trimStart().startsWith("|")) column = -1;
      else if (column < 0) column = cells.findIndex((cell) => /zxing.*pass/i.test(cell));
      const pass = column < 0 ? null : /^(\d+) \/ (\d+)$/.exec(cells[column] ?? "");
      if (pass) counts.set(cells[1]!, { normal: Number(pass[1]), tryHarder: Number(pass[2]) });
    }
    return counts;
  }
  return counts;
}

async function readInNode(list: Photo[]): Promise<Reading[]> {
  const page = await browser.newPage();
  const readings: Reading[] = [];
  for (const photo of list) {
    const bytes = new Uint8Array(readFileSync(photo.file));
    const started = performance.now();
    try {
      const codes = /\.webp$/i.test(photo.file)
        ? await readAllBarcodes(await pixelsOf(page, bytes, photo.file))
        : await readAllBarcodes(bytes);
      const hit = codes.find((code) => readsExpected(photo, code.text, code.format));
      readings.push({
        read: Boolean(hit),
        format: hit ? (normalizeFormat(hit.format) ?? hit.format) : null,
        ms: performance.now() - started,
      });
    } catch (error) {
      readings.push({ read: false, format: null, ms: performance.now() - started, error: String(error) });
    }
  }
  await page.close();
  return readings;
}

/** RGBA pixels of an image as Chromium decodes it (as stored: no EXIF turn, like zxing's own decoder). */
async function pixelsOf(page: Page, bytes: Uint8Array, file: string) {
  const { width, height, rgba } = await page.evaluate(
    async ({ base64, type }) => {
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([data], { type }), { imageOrientation: "none" });
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext("2d")!;
      context.drawImage(bitmap, 0, 0);
      const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let binary = "";
      for (let i = 0; i < pixels.length; i += 0x8000) binary += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
      return { width: bitmap.width, height: bitmap.height, rgba: btoa(binary) };
    },
    { base64: Buffer.from(bytes).toString("base64"), type: MIME[path.extname(file).slice(1).toLowerCase()] ?? "" },
  );
  return { width, height, data: new Uint8ClampedArray(Buffer.from(rgba, "base64")) };
}

async function readInPage(list: Photo[], baseURL: string): Promise<(Reading & { longestTaskMs: number })[]> {
  const readings: (Reading & { longestTaskMs: number })[] = [];
  for (let start = 0; start < list.length; start += PHOTOS_PER_PAGE) {
    const context = await browser.newContext({ ...devices["Pixel 7"], baseURL });
    // The longest main-thread task while a photo is read: how long the page stood still.
    await context.addInitScript(
      `window.__longestTask = 0; new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longestTask = Math.max(window.__longestTask, entry.duration); }).observe({ type: "longtask" });`,
    );
    const page = await context.newPage();
    await page.goto("/base-scan/scan");
    const scanner = page.getByTestId("camera-scanner");
    // The camera's reader loads on the page thread once it is up; let it finish first.
    await page.waitForFunction(() => Boolean(document.querySelector<HTMLElement>("[data-engine^=zxing]")), null, {
      timeout: 60_000,
    });
    const input = page.getByLabel("Pick a photo of a barcode");
    for (const [offset, photo] of list.slice(start, start + PHOTOS_PER_PAGE).entries()) {
      await page.evaluate("window.__longestTask = 0");
      const started = performance.now();
      // A path, not the bytes: Chromium then opens the file itself, where
      // bytes would be rebuilt into a File by script on the page's thread.
      await input.setInputFiles(photo.file);
      await page.waitForFunction(
        (count) =>
          document.querySelector<HTMLElement>("[data-testid=camera-scanner]")?.dataset.photos === String(count),
        offset + 1,
        { timeout: 180_000, polling: 50 },
      );
      const ms = performance.now() - started;
      const outcome = await scanner.evaluate((element) => ({
        state: (element as HTMLElement).dataset.photo ?? "",
        codes: JSON.parse((element as HTMLElement).dataset.photoCodes ?? "[]") as { value: string; format: string }[],
      }));
      const longestTaskMs = Number(await page.evaluate("window.__longestTask"));
      const hit = outcome.codes.find((code) => readsExpected(photo, code.value, code.format));
      readings.push({
        read: Boolean(hit),
        format: hit?.format ?? null,
        ms,
        longestTaskMs,
        ...(outcome.state === "failed" ? { error: "the page could not read the file" } : {}),
      });
    }
    await context.close();
  }
  return readings;
}

/** Prints the tables; false when the page reads fewer than zxing-wasm in a format the scanner reads. */
function report(all: Row[]): boolean {
  const groupOf = (row: Row) => row.folderFormat ?? row.zxing.format ?? row.ours.format ?? "unknown";
  const table = (title: string, key: (row: Row) => string) => {
    const groups = new Map<string, Row[]>();
    for (const row of all) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
    const rate = (list: Row[], side: "ours" | "zxing") => {
      const read = list.filter((row) => row[side].read).length;
      return `${String(read).padStart(4)} ${`${((100 * read) / list.length).toFixed(0)}%`.padStart(5)}`;
    };
    console.log(`\n${title.padEnd(20)} photos   ours (page)   zxing-wasm (Node)`);
    for (const [group, list] of [...[...groups].sort(([a], [b]) => a.localeCompare(b)), ["all", all] as const]) {
      console.log(
        `${group.padEnd(20)} ${String(list.length).padStart(6)}   ${rate(list, "ours")}    ${rate(list, "zxing")}`,
      );
    }
    return groups;
  };

  const byFormat = table("format", groupOf);
  if (byName) table("name", (row) => path.basename(row.file).replace(IMAGE, ""));
  const short = requiredTable(all);

  const ms = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `median ${percentile(sorted, 0.5).toFixed(0)} ms, p90 ${percentile(sorted, 0.9).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`;
  };
  console.log(`\nper photo, ours (page, file chosen → result): ${ms(all.map((row) => row.ours.ms))}`);
  console.log(`  longest main-thread task while reading: ${ms(all.map((row) => row.ours.longestTaskMs))}`);
  console.log(`per photo, zxing-wasm in Node: ${ms(all.map((row) => row.zxing.ms))}`);

  if (each) {
    console.log("\nphoto                                ours      ms  longest task   zxing      ms");
    for (const row of all) {
      const mark = (read: boolean) => (read ? "read" : "-").padEnd(4);
      console.log(
        `${row.name.padEnd(36)} ${mark(row.ours.read)} ${row.ours.ms.toFixed(0).padStart(7)} ${row.ours.longestTaskMs.toFixed(0).padStart(10)} ms   ${mark(row.zxing.read)} ${row.zxing.ms.toFixed(0).padStart(7)}`,
      );
    }
  }

  const misses = all.filter((row) => !row.ours.read || !row.zxing.read);
  if (misses.length > 0) console.log("\nmisses:");
  for (const row of misses) {
    const who = !row.ours.read && !row.zxing.read ? "both missed" : row.ours.read ? "zxing missed" : "ours missed";
    const error = row.ours.error ?? row.zxing.error;
    console.log(`  ${who.padEnd(13)} ${row.name}${error ? ` (${error})` : ""}`);
  }

  const behind = [...byFormat]
    .filter(([group]) => (BARCODE_FORMATS as readonly string[]).includes(group))
    .filter(([, list]) => list.filter((row) => row.ours.read).length < list.filter((row) => row.zxing.read).length)
    .map(([group]) => group);
  console.log(
    behind.length === 0
      ? "\nours reads at least as many as zxing-wasm in every format the scanner reads"
      : `\nours reads fewer than zxing-wasm in: ${behind.join(", ")}`,
  );
  if (short !== null) {
    console.log(
      short.length === 0
        ? "ours reads at least zxing's own count in every folder the manifest lists"
        : `ours reads fewer than zxing's own count in: ${short.join(", ")}`,
    );
  }
  return behind.length === 0;
}

/**
 * Per folder the manifest lists: photos, what each reader read, and the
 * count zxing's own tests require (at 0°, normal / trying harder, as the
 * page's reader does). The target is the try-harder count, or every photo
 * where that count includes photos not here (a .bin value the manifest left
 * out). Answers the folders below it, or null without a manifest.
 */
function requiredTable(all: Row[]): string[] | null {
  const required = requiredCounts(dir!);
  if (required.size === 0) return null;
  const groups = new Map<string, Row[]>();
  for (const row of all) {
    const folder = path.basename(path.dirname(row.file));
    if (required.has(folder)) groups.set(folder, [...(groups.get(folder) ?? []), row]);
  }
  const count = (list: Row[], side: "ours" | "zxing") => list.filter((row) => row[side].read).length;
  console.log(
    `\n${"folder".padEnd(20)} photos   ours (page)   zxing-wasm (Node)   zxing's tests (normal / try harder)`,
  );
  const short: string[] = [];
  for (const [folder, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const { normal, tryHarder } = required.get(folder)!;
    const target = Math.min(tryHarder, list.length);
    const ours = count(list, "ours");
    if (ours < target) short.push(`${folder} (${ours}/${target})`);
    const mark = ours < target ? `   below by ${target - ours}` : "";
    console.log(
      `${folder.padEnd(20)} ${String(list.length).padStart(6)}   ${String(ours).padStart(11)}   ${String(count(list, "zxing")).padStart(17)}   ${`${normal} / ${tryHarder}`.padStart(9)}${mark}`,
    );
  }
  return short;
}
