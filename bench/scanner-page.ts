// The scanner page in Chromium on a phone profile, against a production
// server: the JavaScript it ships on first load (gzipped), the decoder it
// loads afterwards, and the time from navigation to the first decoded code
// with the fake camera playing a generated EAN-13 video (docs/architecture.md, "Runtime notes"). Prints
// numbers; asserts nothing.
//
//   npx tsx bench/scanner-page.ts
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, devices } from "@playwright/test";
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";
import { writeBarcodeVideo } from "../e2e/support/barcode-video";
import { startServer } from "../tests/support/server";
import { chromiumLaunch } from "../tests/support/chromium";

/** Servers started afresh, each met by one first phone and then LATER_PHONES more. */
const STARTS = 3;
const LATER_PHONES = 4;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

await buildIfNeeded();
const shipped = await startServer({ LABS_CHECK_RESPONSES: undefined });
try {
  await measureShippedJs(shipped);
} finally {
  await shipped.stop();
}
await measureFirstCode();

async function measureShippedJs(server: Awaited<ReturnType<typeof startServer>>) {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const context = await browser.newContext({ ...devices["Pixel 7"] });
    const page = await context.newPage();
    const scripts = new Map<string, { bytes: number; gzip: number }>();
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(new URL(response.url()).pathname, { bytes: body.length, gzip: gzipSync(body).length });
    });
    const html = await (await fetch(`${server.url}/base-scan/scan`)).text();
    await page.goto(`${server.url}/base-scan/scan`);
    // The decoder loads after hydration; wait for it before counting.
    await page.waitForFunction(() => performance.getEntriesByName("labs:reader-ready").length > 0, null, {
      timeout: 30_000,
    });
    // Not "networkidle": the bottom bar's prefetches of the operator pages
    // (answered by /admin/login) stay open in Chromium.

    const inHtml = (file: string) => html.includes(file);
    const first = [...scripts].filter(([file]) => inHtml(file));
    const later = [...scripts].filter(([file]) => !inHtml(file));
    const sum = (list: typeof first, key: "bytes" | "gzip") => list.reduce((total, [, size]) => total + size[key], 0);
    const wasm = await fetch(
      `${server.url}${await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name).pathname)
          .find((name) => name.endsWith(".wasm")),
      )}`,
    ).then((response) => response.arrayBuffer());
    console.log(
      `scanner page, first load: ${first.length} scripts, ${kB(sum(first, "gzip"))} gzipped (${kB(sum(first, "bytes"))} raw); ` +
        `HTML ${kB(gzipSync(html).length)} gzipped`,
    );
    console.log(
      `  loaded after hydration: ${later.length} scripts, ${kB(sum(later, "gzip"))} gzipped (${kB(sum(later, "bytes"))} raw); ` +
        `zxing wasm ${kB(gzipSync(Buffer.from(wasm)).length)} gzipped (${kB(wasm.byteLength)} raw)`,
    );
    for (const [file, size] of later) console.log(`    ${file}: ${kB(size.gzip)} gzipped`);
  } finally {
    await browser.close();
  }
}

/**
 * Navigation to the first decoded code, with the fake camera playing an
 * EAN-13: for the first phone after the server starts (its first request
 * loads the page's code on the server) and for later phones (a fresh
 * browser context each, nothing cached, as a first visit).
 */
async function measureFirstCode() {
  const dir = mkdtempSync(path.join(tmpdir(), "labs-bench-"));
  const video = writeBarcodeVideo(path.join(dir, "ean13.y4m"), {
    bcid: "ean13",
    text: "2000000000015",
    codeFrames: 20,
    blankFrames: 0,
  });
  const browser = await chromium.launch({
    executablePath: chromiumLaunch.executablePath,
    args: [
      ...chromiumLaunch.args,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  type Row = { camera: number; reader: number; code: number };
  const firsts: Row[] = [];
  const laters: Row[] = [];
  try {
    for (let start = 0; start < STARTS; start++) {
      const server = await startServer({ LABS_CHECK_RESPONSES: undefined });
      try {
        firsts.push(await onePhone(server.url));
        for (let phone = 0; phone < LATER_PHONES; phone++) laters.push(await onePhone(server.url));
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }
  const median = (rows: Row[], key: keyof Row) =>
    [...rows.map((row) => row[key])].sort((a, b) => a - b)[Math.floor(rows.length / 2)]!;
  const line = (label: string, rows: Row[]) =>
    `${label}: median ${median(rows, "code").toFixed(0)} ms (camera live ${median(rows, "camera").toFixed(0)} ms, ` +
    `reader ready ${median(rows, "reader").toFixed(0)} ms); runs ${rows.map((row) => row.code.toFixed(0)).join(", ")} ms`;
  console.log("page load → first decoded code (fake camera, zxing wasm, cold browser cache):");
  console.log(`  ${line(`first phone after a start (${firsts.length} starts)`, firsts)}`);
  console.log(`  ${line(`a later phone (${laters.length} runs)`, laters)}`);

  async function onePhone(url: string): Promise<Row> {
    const context = await browser.newContext({ ...devices["Pixel 7"] });
    try {
      const page = await context.newPage();
      await page.goto(`${url}/base-scan/scan`);
      await page.waitForFunction(() => performance.getEntriesByName("labs:first-code").length > 0, null, {
        timeout: 60_000,
      });
      // No named functions inside: tsx would wrap them in a helper the page lacks.
      const [camera, reader, code] = await page.evaluate(() =>
        ["labs:camera-live", "labs:reader-ready", "labs:first-code"].map(
          (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN,
        ),
      );
      return { camera: camera!, reader: reader!, code: code! };
    } finally {
      await context.close();
    }
  }
}
