import { encodePng } from "../../scripts/encode-png";

// Real pictures for the tests, made here (scripts/encode-png.ts), so every decoder reads them.

/** A `width`×`height` PNG filled with `rgb`. */
export function pngOf(width: number, height: number, rgb: [number, number, number]): Uint8Array<ArrayBuffer> {
  const pixels = Buffer.alloc(width * height * 4).fill(Buffer.from([...rgb, 255]));
  return new Uint8Array(encodePng(width, height, pixels));
}
