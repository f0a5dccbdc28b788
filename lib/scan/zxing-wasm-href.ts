import { readdirSync } from "node:fs";
import path from "node:path";
import { ZXING_WASM_PATH } from "@/lib/scan/zxing-wasm-path";

// Where the scanner's zxing .wasm is served (scripts/copy-zxing-wasm.mjs keeps
// exactly one version under public/vendor/zxing-wasm/), for the scanner page
// to ask the browser for it while the page's own scripts still load.

let href: string | null | undefined;

/** `/vendor/zxing-wasm/<version>/zxing_reader.wasm`, or null when it was never copied. */
export function zxingWasmHref(): string | null {
  if (href !== undefined) return href;
  try {
    const [version] = readdirSync(path.join(process.cwd(), "public", ZXING_WASM_PATH));
    href = version ? `${ZXING_WASM_PATH}/${version}/zxing_reader.wasm` : null;
  } catch {
    href = null;
  }
  return href;
}
