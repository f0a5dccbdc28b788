import "client-only";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import { loadBarcodeReader } from "@/lib/scan/client/barcode-reader";
import { decodePdf, isPdf } from "@/lib/scan/client/decode-pdf";
import { decodePhoto, type PhotoProgress } from "@/lib/scan/client/decode-photo";
import type { PhotoReply, PhotoRequest } from "@/lib/scan/client/read-photo";

// The photo reader off the page's thread: a 12-megapixel photo takes seconds
// of decoding and several looks (decode-photo.ts), a PDF a drawing of each
// page (decode-pdf.ts), which on the page would freeze scrolling and taps.
// One request at a time, from read-photo.ts.

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<PhotoRequest>) => void) | null;
  postMessage: (reply: PhotoReply) => void;
};

scope.onmessage = async ({ data: { id, file, formats } }) => {
  try {
    const reader = await loadBarcodeReader(formats as BarcodeFormat[]);
    const onProgress = (progress: PhotoProgress) => scope.postMessage({ id, type: "progress", progress });
    const decode = (await isPdf(file)) ? decodePdf : decodePhoto;
    const codes = await decode(file, reader.detect, onProgress);
    scope.postMessage({
      id,
      type: "done",
      codes: codes.map(({ rawValue, format }) => ({ rawValue, format })),
      engine: reader.engine,
    });
  } catch (error) {
    scope.postMessage({ id, type: "failed", message: error instanceof Error ? error.message : String(error) });
  }
};
