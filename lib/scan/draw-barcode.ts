import {
  azteccode,
  code128,
  code39,
  code39ext,
  code93,
  code93ext,
  datamatrix,
  ean13,
  ean8,
  interleaved2of5,
  pdf417,
  qrcode,
  rationalizedCodabar,
  upca,
  upce,
  type RenderOptions,
} from "bwip-js/browser";
import type { BarcodeEncoding, BwipEncoder } from "@/lib/scan/barcode-encoding";

// Browser only: draws a card's barcode on a canvas with bwip-js. Named
// encoder imports (not toCanvas, which looks encoders up by name) keep the
// other ~100 symbologies out of the bundle.

type Draw = (canvas: HTMLCanvasElement, options: RenderOptions) => unknown;

const ENCODERS: Record<BwipEncoder, Draw> = {
  azteccode,
  rationalizedCodabar,
  code39,
  code39ext,
  code93,
  code93ext,
  code128,
  datamatrix,
  ean8,
  ean13,
  interleaved2of5,
  pdf417,
  qrcode,
  upca,
  upce,
};

// bwip-js at scale 1 draws a 1-D module (and a PDF417 column) 1 px wide and a
// QR / Aztec / Data Matrix module 2 px square.
const MM_PER_PX_AT_SCALE_1 = 25.4 / 72;

export type DrawBarcodeOptions = {
  /** Device pixels the drawing may take, quiet zones included. */
  maxWidth: number;
  maxHeight: number;
};

/**
 * Draws `encoding` on `canvas` at the largest whole number of device pixels
 * per module that fits, so every bar edge falls on a pixel (no resampling
 * blur), with the symbology's quiet zone inside the canvas. Throws bwip-js'
 * error when the value does not fit the format.
 */
export function drawBarcode(canvas: HTMLCanvasElement, encoding: BarcodeEncoding, limits: DrawBarcodeOptions): void {
  const draw = ENCODERS[encoding.encoder];
  const modulePx = encoding.twoDimensional && encoding.encoder !== "pdf417" ? 2 : 1;
  const quiet = encoding.quietZone * modulePx;
  const base: RenderOptions = {
    bcid: encoding.encoder,
    text: encoding.text,
    ...encoding.options,
    includetext: false,
    backgroundcolor: "FFFFFF",
    barcolor: "000000",
  };

  // Measure at scale 1 without padding, then pick the whole scale that fits.
  const probe = document.createElement("canvas");
  draw(probe, { ...base, scale: 1 });
  const fullWidth = probe.width + 2 * quiet;
  const verticalQuiet = encoding.twoDimensional ? quiet : 2 * modulePx;
  const widthScale = Math.floor(limits.maxWidth / fullWidth);
  const heightScale = encoding.twoDimensional
    ? Math.floor(limits.maxHeight / (probe.height + 2 * verticalQuiet))
    : Number.POSITIVE_INFINITY;
  const scale = Math.max(1, Math.min(widthScale, heightScale, 24));

  const options: RenderOptions = { ...base, scale, paddingwidth: quiet, paddingheight: verticalQuiet };
  if (!encoding.twoDimensional) {
    // Bars about 40% as tall as the symbol is wide, within the height allowed.
    const barPx = Math.min(0.4 * probe.width * scale, limits.maxHeight - 2 * verticalQuiet * scale);
    options.height = Math.max(8, (barPx / scale) * MM_PER_PX_AT_SCALE_1);
  }
  draw(canvas, options);
}
