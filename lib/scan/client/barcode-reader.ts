import "client-only";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import { ZXING_WASM_PATH } from "@/lib/scan/zxing-wasm-path";

// The one place the scanner gets a BarcodeDetector (docs/architecture.md, "Runtime notes"). A phone
// with a native one that reads every wanted format uses it; anything else
// (desktop Chromium on Linux, Firefox, Safari) gets the `barcode-detector`
// ponyfill, loaded only now so it never weighs on a page's first load, with
// its zxing .wasm from our own origin: scripts/copy-zxing-wasm.mjs puts the
// exact build it was made for at /vendor/zxing-wasm/<version>/.

export type DetectedCode = { rawValue: string; format: string };

export type BarcodeReader = {
  detect: (source: ImageBitmapSource) => Promise<DetectedCode[]>;
  /** "native" or "zxing <version>", for the page to show what reads. */
  engine: string;
};

type DetectorClass = {
  new (options?: { formats?: string[] }): { detect: (source: ImageBitmapSource) => Promise<DetectedCode[]> };
  getSupportedFormats: () => Promise<readonly string[]>;
};

const readers = new Map<string, Promise<BarcodeReader>>();

/** One reader per set of formats for the page's lifetime; a failed load may be tried again. */
export function loadBarcodeReader(formats: readonly BarcodeFormat[]): Promise<BarcodeReader> {
  const key = [...formats].sort().join(",");
  let reader = readers.get(key);
  if (!reader) {
    reader = createReader(formats);
    reader.catch(() => readers.delete(key));
    readers.set(key, reader);
  }
  return reader;
}

async function createReader(formats: readonly BarcodeFormat[]): Promise<BarcodeReader> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as readonly string[]);
    if (formats.every((format) => supported.includes(format))) {
      const detector = new native({ formats: [...formats] });
      return { detect: (source) => detector.detect(source), engine: "native" };
    }
  }

  const { BarcodeDetector, prepareZXingModule, ZXING_WASM_VERSION } = await import("barcode-detector/ponyfill");
  // Must run before the detector is made: its constructor loads the module
  // with whatever overrides are set, and the default is a CDN.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith(".wasm") ? `${ZXING_WASM_PATH}/${ZXING_WASM_VERSION}/${path}` : prefix + path,
    },
    fireImmediately: true,
  });
  const detector = new BarcodeDetector({ formats: [...formats] });
  return { detect: (source) => detector.detect(source), engine: `zxing ${ZXING_WASM_VERSION}` };
}
