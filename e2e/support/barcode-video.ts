import { writeFileSync } from "node:fs";
import bwipjs from "bwip-js/node";

// Fixtures for Chromium's fake camera (docs/architecture.md, "Runtime notes"), made at test time: a
// barcode drawn by bwip-js, copied into the luma (Y) plane of white frames of
// a .y4m video, which `--use-file-for-fake-video-capture` plays in a loop.

export type VideoOptions = {
  /** bwip-js symbology: "ean13", "qrcode", … */
  bcid: string;
  text: string;
  width?: number;
  height?: number;
  /** Frames showing the code, then blank frames, at 10 frames a second. */
  codeFrames?: number;
  blankFrames?: number;
};

type Raw1d = { sbs: number[] };
type Raw2d = { pixs: number[]; pixx: number; pixy: number };

const WHITE = 255;
const BLACK = 0;

/** The code as luma pixels (0 black, 255 white) centred on a white width × height picture. */
export function drawLuma({ bcid, text, width = 640, height = 480 }: VideoOptions): Uint8Array {
  const luma = new Uint8Array(width * height).fill(WHITE);
  const [symbol] = bwipjs.raw({ bcid, text }) as (Raw1d | Raw2d)[];
  if (!symbol) throw new Error(`bwip-js drew nothing for ${bcid}`);
  const paint = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y += 1) luma.fill(BLACK, y * width + x0, y * width + x0 + w);
  };

  if ("sbs" in symbol) {
    // Bars and spaces alternate, starting with a bar; widths in modules.
    const modules = symbol.sbs.reduce((sum, n) => sum + n, 0);
    const scale = Math.floor((width * 0.7) / modules);
    const barHeight = Math.floor(height * 0.45);
    let x = Math.floor((width - modules * scale) / 2);
    const y = Math.floor((height - barHeight) / 2);
    symbol.sbs.forEach((modulesWide, index) => {
      if (index % 2 === 0) paint(x, y, modulesWide * scale, barHeight);
      x += modulesWide * scale;
    });
    return luma;
  }

  const scale = Math.floor((Math.min(width, height) * 0.8) / Math.max(symbol.pixx, symbol.pixy));
  const left = Math.floor((width - symbol.pixx * scale) / 2);
  const top = Math.floor((height - symbol.pixy * scale) / 2);
  for (let row = 0; row < symbol.pixy; row += 1) {
    for (let col = 0; col < symbol.pixx; col += 1) {
      if (symbol.pixs[row * symbol.pixx + col]) paint(left + col * scale, top + row * scale, scale, scale);
    }
  }
  return luma;
}

/** Writes a looping y4m video of the code to `file` (an absolute path) and returns it. */
export function writeBarcodeVideo(file: string, options: VideoOptions): string {
  const { width = 640, height = 480, codeFrames = 15, blankFrames = 10 } = options;
  const code = drawLuma({ ...options, width, height });
  const blank = new Uint8Array(width * height).fill(WHITE);
  // 4:2:0 — the two chroma planes are a quarter of the luma plane each; 128 is no colour.
  const chroma = new Uint8Array((width / 2) * (height / 2) * 2).fill(128);
  const frameHeader = Buffer.from("FRAME\n");
  const parts: Uint8Array[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < codeFrames + blankFrames; i += 1) parts.push(frameHeader, i < codeFrames ? code : blank, chroma);
  writeFileSync(file, Buffer.concat(parts));
  return file;
}
