import "client-only";
import type { DetectedCode } from "@/lib/scan/client/barcode-reader";
import { decodePhoto, type Detect, type PhotoProgress } from "@/lib/scan/client/decode-photo";

// Reads the codes on every page of a PDF (a voucher, an e-ticket, a gift card
// sent by email) with pdf.js: each page is drawn on an OffscreenCanvas, large
// enough for a code a few centimetres wide, and read as a photo is
// (decode-photo.ts). Runs in the photo worker (or on the page without one):
// pdf.js parses in this same thread (its "fake worker", handed its message
// handler), since a worker inside the worker would need an address and a
// policy of its own; fonts are drawn as paths, with no document to load
// them into; pdf.js 6 generates no code from a file at all. A PDF may be
// hostile (shared by anyone, cross-site even): its pictures and canvases are
// bounded here, its time by read-photo.ts, and it is never read on the page.

/** The long side each page is drawn at: a 4 cm code on A4 is some 280 px wide. */
const PAGE_SIDE = 2000;
/** A voucher is a page or two, a booking a few: past this many pages the rest are not read. */
export const PDF_MAX_PAGES = 20;

type PdfJs = typeof import("pdfjs-dist");

let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (async () => {
    const worker = await import("pdfjs-dist/build/pdf.worker.mjs");
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist");
  })();
  return pdfjs;
}

/** Whether a file is a PDF, by its first bytes (a shared file's type is the sender's word). */
export async function isPdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === "%PDF-";
}

/** pdf.js draws on canvases it makes: here, off the page, as a worker has no document. */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext("2d", { willReadFrequently: true }) };
  }
  reset(entry: { canvas: OffscreenCanvas }, width: number, height: number) {
    entry.canvas.width = width;
    entry.canvas.height = height;
  }
  destroy(entry: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (entry.canvas) entry.canvas.width = entry.canvas.height = 0;
    entry.canvas = null;
    entry.context = null;
  }
  getNoAlphaContext(canvas: OffscreenCanvas) {
    return canvas.getContext("2d", { alpha: false, willReadFrequently: true });
  }
}

/**
 * The codes on the PDF's pages, each once, in page order; [] when there are
 * none. `onProgress` hears each page. Throws when the file is no PDF pdf.js reads.
 */
export async function decodePdf(
  file: Blob,
  detect: Detect,
  onProgress: (progress: PhotoProgress) => void = () => {},
): Promise<DetectedCode[]> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    CanvasFactory: OffscreenCanvasFactory as never,
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: true,
    // A picture inside the PDF larger than a 25-megapixel photo is not drawn,
    // and no canvas pdf.js makes may pass 100 MiB: a small file can declare a
    // picture that would take gigabytes.
    maxImageSize: 25_000_000,
    canvasMaxAreaInBytes: 100 * 1024 * 1024,
    // No cMapUrl, standardFontDataUrl, wasmUrl or iccUrl is given, so nothing
    // is fetched from anywhere; a shared file is read from memory only.
    stopAtErrors: false,
    // Errors only: a font it has no data for is drawn as best it can, and a barcode needs none.
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    const found = new Map<string, DetectedCode>();
    const pages = Math.min(pdf.numPages, PDF_MAX_PAGES);
    for (let number = 1; number <= pages; number++) {
      onProgress({ step: number, steps: pages, look: `page ${number}` });
      const page = await pdf.getPage(number);
      const whole = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: PAGE_SIDE / Math.max(whole.width, whole.height) });
      const canvas = new OffscreenCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: "#ffffff" }).promise;
      const codes = await decodePhoto(await canvas.convertToBlob({ type: "image/png" }), detect);
      for (const code of codes) found.set(`${code.format}\u0000${code.rawValue}`, code);
      page.cleanup();
    }
    return [...found.values()];
  } finally {
    await task.destroy();
  }
}
