// Copies the barcode reader's WebAssembly into public/ so the scanner loads it
// from our own origin, never a CDN (docs/architecture.md, "Runtime notes"). The copy must be the very
// build that `barcode-detector` was made for: its JavaScript glue and the .wasm
// must match, or decoding fails with "invalid index". So the file is taken from
// the `zxing-wasm` that barcode-detector itself resolves and checked against
// the SHA-256 it exports. Run by `postinstall`, `npm run build` and every
// build-if-needed, so the copy always follows node_modules; it is git-ignored.
//
//   node scripts/copy-zxing-wasm.mjs    → public/vendor/zxing-wasm/<version>/zxing_reader.wasm
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WASM_NAME = "zxing_reader.wasm";
/** Where the scanner looks for it: `/vendor/zxing-wasm/<version>/zxing_reader.wasm`. */
export const VENDOR_DIR = path.join(root, "public", "vendor", "zxing-wasm");

export async function copyZxingWasm() {
  const require = createRequire(path.join(root, "package.json"));
  const detectorEntry = require.resolve("barcode-detector/ponyfill");
  const { ZXING_WASM_SHA256, ZXING_WASM_VERSION } = await import("barcode-detector/ponyfill");
  // Resolved from barcode-detector's own location: the zxing-wasm it would load.
  const source = createRequire(detectorEntry).resolve(`zxing-wasm/reader/${WASM_NAME}`);
  const bytes = readFileSync(source);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (sha256 !== ZXING_WASM_SHA256) {
    throw new Error(
      `${source} (sha256 ${sha256}) is not the build barcode-detector expects ` +
        `(zxing-wasm ${ZXING_WASM_VERSION}, sha256 ${ZXING_WASM_SHA256}); run npm ci.`,
    );
  }

  const target = path.join(VENDOR_DIR, ZXING_WASM_VERSION, WASM_NAME);
  const current = existsSync(target) ? createHash("sha256").update(readFileSync(target)).digest("hex") : null;
  if (current !== sha256) {
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(source, target);
  }
  // Older versions left behind would only be served stale.
  for (const entry of readdirSync(VENDOR_DIR)) {
    if (entry !== ZXING_WASM_VERSION) rmSync(path.join(VENDOR_DIR, entry), { recursive: true, force: true });
  }
  return { target, version: ZXING_WASM_VERSION, sha256, copied: current !== sha256 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await copyZxingWasm();
  console.log(
    `zxing-wasm ${result.version}: ${path.relative(root, result.target)} ${result.copied ? "copied" : "up to date"}`,
  );
}
