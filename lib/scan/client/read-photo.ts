import "client-only";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import { loadBarcodeReader, type DetectedCode } from "@/lib/scan/client/barcode-reader";
import { decodePdf, isPdf } from "@/lib/scan/client/decode-pdf";
import { decodePhoto, type PhotoProgress } from "@/lib/scan/client/decode-photo";

// "Scan a photo" (or a PDF) from the page: the file is read in a worker
// (photo-worker.ts) so the page keeps answering taps while it works; where a
// worker cannot start or fails, the same decodePhoto runs on the page.

export type PhotoRequest = { id: number; file: Blob; formats: string[] };
export type PhotoReply =
  | { id: number; type: "progress"; progress: PhotoProgress }
  | { id: number; type: "done"; codes: DetectedCode[]; engine: string }
  | { id: number; type: "failed"; message: string };

/** A worker with nothing to do this long is ended, giving back the memory a large photo took. */
const WORKER_IDLE_MS = 30_000;
/** A file the worker has not read in this long is given up, and the worker with it: a phone reads any photo in seconds. */
const READ_TIMEOUT_MS = 60_000;

let worker: Worker | null = null;
let workerBroken = false;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let lastId = 0;

/**
 * The codes of `formats` in the photo or PDF `file`, [] when there are none.
 * `onProgress` hears each look taken. Throws when the file cannot be decoded
 * as an image.
 */
export async function readPhoto(
  file: Blob,
  { formats, onProgress }: { formats: readonly BarcodeFormat[]; onProgress?: (progress: PhotoProgress) => void },
): Promise<DetectedCode[]> {
  let workerFailed = false;
  const pdf = await isPdf(file);
  if (!workerBroken && typeof Worker !== "undefined") {
    try {
      return await inWorker(file, formats, onProgress);
    } catch (error) {
      // A PDF the worker could not read (or was stopped on) is not tried
      // again on the page, where a hostile one would hold every tap.
      if (pdf) throw error;
      workerFailed = true;
    }
  }
  // An undecodable file fails here too, at once, and is the caller's error.
  const reader = await loadBarcodeReader(formats);
  const decode = pdf ? decodePdf : decodePhoto;
  const codes = await decode(file, reader.detect, onProgress);
  // The page could where the worker could not (it did not load, or the
  // browser lacks what it needs there): the page reads from now on.
  if (workerFailed) workerBroken = true;
  return codes;
}

function inWorker(
  file: Blob,
  formats: readonly BarcodeFormat[],
  onProgress?: (progress: PhotoProgress) => void,
): Promise<DetectedCode[]> {
  clearTimeout(idleTimer);
  const current = (worker ??= new Worker(new URL("./photo-worker.ts", import.meta.url)));
  const id = ++lastId;
  return new Promise<DetectedCode[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      finish();
      current.terminate();
      if (worker === current) worker = null;
      reject(new Error("the photo worker took too long"));
    }, READ_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      current.removeEventListener("message", onMessage);
      current.removeEventListener("error", onError);
      idleTimer = setTimeout(() => {
        current.terminate();
        if (worker === current) worker = null;
      }, WORKER_IDLE_MS);
    };
    const onMessage = ({ data }: MessageEvent<PhotoReply>) => {
      if (data.id !== id) return;
      if (data.type === "progress") return onProgress?.(data.progress);
      finish();
      if (data.type === "done") resolve(data.codes);
      else reject(new Error(data.message));
    };
    const onError = (event: ErrorEvent) => {
      finish();
      current.terminate();
      worker = null;
      reject(new Error(event.message || "the photo worker failed"));
    };
    current.addEventListener("message", onMessage);
    current.addEventListener("error", onError);
    current.postMessage({ id, file, formats: [...formats] } satisfies PhotoRequest);
  });
}
