/** Where the zxing .wasm is served from, per version (scripts/copy-zxing-wasm.mjs): read by the scanner and its page. */
export const ZXING_WASM_PATH = "/vendor/zxing-wasm";
