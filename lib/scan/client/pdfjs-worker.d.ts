// pdf.js ships its worker script without types; the photo worker only hands
// its message handler back to pdf.js (lib/scan/client/decode-pdf.ts).
declare module "pdfjs-dist/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
