import bwipjs from "bwip-js/node";

// A camera photo of a printed barcode, made in plain TypeScript so that the
// same inputs always give the same pixels (no native image library, no
// randomness but a seeded one): bwip-js draws the symbol's modules, a paper
// label carries it on a textured table, a homography places it in the
// picture (rotation, perspective), then light falloff, lens blur and sensor
// noise. The result is a grey picture; barcode-photos.ts has Chromium encode
// it as a JPEG. docs/barcode-corpus.md lists what the made photos cover.

/** The symbol as a grid of modules, quiet zone not included. */
export type ModuleGrid = { cols: number; rows: number; dark: Uint8Array };

type Raw1d = { sbs: number[] };
type Raw2d = { pixs: number[]; pixx: number; pixy: number };

/** The modules bwip-js draws for `text`; a 1-D code is one row of bars, stretched later. */
export function moduleGrid(bcid: string, text: string, options: Record<string, unknown> = {}): ModuleGrid {
  const [symbol] = bwipjs.raw({ bcid, text, ...options } as Parameters<typeof bwipjs.raw>[0]) as (Raw1d | Raw2d)[];
  if (!symbol) throw new Error(`bwip-js drew nothing for ${bcid}`);
  if ("sbs" in symbol) {
    const cols = symbol.sbs.reduce((sum, n) => sum + n, 0);
    const dark = new Uint8Array(cols);
    let x = 0;
    // Bars and spaces alternate, starting with a bar; widths in modules.
    symbol.sbs.forEach((width, index) => {
      if (index % 2 === 0) dark.fill(1, x, x + width);
      x += width;
    });
    return { cols, rows: 1, dark };
  }
  // PDF417 rows come already repeated to their height (3 modules each).
  return { cols: symbol.pixx, rows: symbol.pixy, dark: Uint8Array.from(symbol.pixs) };
}

export type Scene = {
  /** The picture as the person sees it, in pixels. */
  width: number;
  height: number;
  grid: ModuleGrid;
  /** Blank modules around the symbol, on the label. */
  quietZone: number;
  /** Height of a 1-D symbol's bars, in modules. */
  barHeight?: number;
  /** How much of the picture the label spans: its long side over the picture's matching side. */
  span: number;
  /** Where the label's centre is, as fractions of width and height. */
  centre?: [number, number];
  /** Rotation in degrees, clockwise. */
  angle?: number;
  /** Keystone: the label's top edge is this much narrower (negative: wider) than its bottom. */
  tilt?: number;
  /** The same, sideways: the right edge shorter than the left. */
  yaw?: number;
  /** Luminance (0 black – 1 white) of the ink, the paper and the table. */
  ink?: number;
  paper?: number;
  table?: number;
  /** Light falling off across the picture: 0 even, 0.3 a third darker in one corner. */
  falloff?: number;
  /** Lens blur: the Gaussian's sigma in pixels. */
  blur?: number;
  /** Out of focus: a further Gaussian blur, its sigma in modules of the code. */
  defocus?: number;
  /** Sensor noise: the Gaussian's sigma in luminance (0–1). */
  noise?: number;
  seed: number;
};

/** The scene as 8-bit luminance, row by row. */
export function renderScene(scene: Scene): Uint8Array {
  const { width, height, grid, quietZone } = scene;
  const ink = scene.ink ?? 0.08;
  const paper = scene.paper ?? 0.92;
  const table = scene.table ?? 0.38;
  const barHeight = grid.rows === 1 ? (scene.barHeight ?? Math.max(24, Math.round(grid.cols * 0.4))) : grid.rows;

  // Label space, in modules: the symbol with its quiet zone, then a margin of
  // paper with a few lines of "print" under it, as on a product or a receipt.
  const symbolW = grid.cols + 2 * quietZone;
  const symbolH = barHeight + 2 * quietZone;
  const textH = Math.max(4, Math.round(symbolH * 0.18));
  const labelW = symbolW + 2 * quietZone;
  const labelH = symbolH + 2 * quietZone + textH;
  const x0 = quietZone * 2;
  const y0 = quietZone * 2;
  const textTop = quietZone + symbolH + quietZone * 0.5;

  const sampleLabel = (u: number, v: number): number => {
    if (u < 0 || v < 0 || u >= labelW || v >= labelH) return Number.NaN;
    const col = Math.floor(u - x0);
    const row = Math.floor(v - y0);
    if (col >= 0 && col < grid.cols && row >= 0 && row < barHeight) {
      const dark = grid.rows === 1 ? grid.dark[col] : grid.dark[row * grid.cols + col];
      return dark ? ink : paper;
    }
    // Grey blocks for words: rows of text beneath the code.
    if (v >= textTop && v < textTop + textH && u > quietZone && u < labelW - quietZone) {
      const line = Math.floor(((v - textTop) / textH) * 3);
      const inLine = ((v - textTop) / textH) * 3 - line < 0.55;
      const word = Math.floor(u / 3.7 + line * 1.3) % 5 !== 0;
      return inLine && word ? (ink + paper) / 2 : paper;
    }
    return paper;
  };

  // The label's corners in the picture: centred, scaled to `span`, tilted and turned.
  const [cx, cy] = scene.centre ?? [0.5, 0.5];
  const scale =
    labelW >= labelH
      ? Math.min((scene.span * width) / labelW, (0.9 * height) / labelH)
      : (scene.span * height) / labelH;
  const tilt = scene.tilt ?? 0;
  const yaw = scene.yaw ?? 0;
  const halfW = (labelW * scale) / 2;
  const halfH = (labelH * scale) / 2;
  const local: [number, number][] = [
    [-halfW * (1 - tilt / 2) * (1 - yaw / 2), -halfH * (1 - yaw / 2)],
    [halfW * (1 - tilt / 2) * (1 + yaw / 2), -halfH * (1 + yaw / 2)],
    [halfW * (1 + tilt / 2) * (1 + yaw / 2), halfH * (1 + yaw / 2)],
    [-halfW * (1 + tilt / 2) * (1 - yaw / 2), halfH * (1 - yaw / 2)],
  ];
  const turn = ((scene.angle ?? 0) * Math.PI) / 180;
  const corners = local.map(([x, y]): [number, number] => [
    cx * width + x * Math.cos(turn) - y * Math.sin(turn),
    cy * height + x * Math.sin(turn) + y * Math.cos(turn),
  ]);
  const toLabel = homography(corners, [
    [0, 0],
    [labelW, 0],
    [labelW, labelH],
    [0, labelH],
  ]);

  const random = seededRandom(scene.seed);
  const grainPhase = random() * 10;
  const falloff = scene.falloff ?? 0.2;
  const lit = new Float32Array(width * height);
  // Four samples per pixel, so edges are as soft as a lens makes them.
  const offsets = [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.25, 0.75],
    [0.75, 0.75],
  ] as const;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      let onTable = 0;
      for (const [dx, dy] of offsets) {
        const [u, v] = apply(toLabel, x + dx, y + dy);
        const value = sampleLabel(u, v);
        if (Number.isNaN(value)) onTable += 1;
        else sum += value;
      }
      if (onTable > 0) {
        // Wood-like grain: slow waves along the rows, wobbling.
        const grain = Math.sin(y * 0.045 + 2.5 * Math.sin(x * 0.0021 + grainPhase)) * 0.04;
        sum += onTable * (table + grain + 0.03 * Math.sin(x * 0.011) * Math.cos(y * 0.007));
      }
      const nx = x / width;
      const ny = y / height;
      const light = 1 - falloff * (0.6 * nx + 0.4 * ny) - 0.12 * ((nx - 0.5) ** 2 + (ny - 0.5) ** 2);
      lit[y * width + x] = (sum / offsets.length) * light;
    }
  }

  const sigma = Math.hypot(scene.blur ?? 0, (scene.defocus ?? 0) * scale);
  if (sigma > 0) gaussianBlur(lit, width, height, sigma);

  const noise = scene.noise ?? 0;
  const out = new Uint8Array(width * height);
  for (let i = 0; i < lit.length; i += 1) {
    const value = lit[i]! + (noise > 0 ? noise * gaussian(random) : 0);
    out[i] = Math.max(0, Math.min(255, Math.round(value * 255)));
  }
  return out;
}

/** The pixels of a `width` × `height` picture as stored under EXIF `orientation` (1, 3, 6 or 8), and their size. */
export function storeRotated(
  pixels: Uint8Array,
  width: number,
  height: number,
  orientation: 1 | 3 | 6 | 8,
): { pixels: Uint8Array; width: number; height: number } {
  if (orientation === 1) return { pixels, width, height };
  const quarter = orientation !== 3;
  const storedW = quarter ? height : width;
  const storedH = quarter ? width : height;
  const stored = new Uint8Array(pixels.length);
  for (let ys = 0; ys < storedH; ys += 1) {
    for (let xs = 0; xs < storedW; xs += 1) {
      // Where this stored pixel lands once a viewer turns the picture as the tag says.
      const [x, y] =
        orientation === 6 // turned a quarter clockwise to be shown
          ? [width - 1 - ys, xs]
          : orientation === 8 // a quarter anticlockwise
            ? [ys, height - 1 - xs]
            : [width - 1 - xs, height - 1 - ys];
      stored[ys * storedW + xs] = pixels[y * width + x]!;
    }
  }
  return { pixels: stored, width: storedW, height: storedH };
}

/**
 * A JPEG with an EXIF APP1 segment holding only the Orientation tag, as a
 * phone writes it; the encoder's JFIF APP0, if any, is dropped (a camera file
 * starts with EXIF).
 */
export function withExifOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error("not a JPEG");
  let rest = 2;
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) rest = 4 + ((jpeg[4]! << 8) | jpeg[5]!);
  // TIFF header (big endian), one IFD with one SHORT entry, no next IFD.
  const tiff = [
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08,
    0x00,
    0x01,
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ];
  const payload = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00, ...tiff];
  const length = payload.length + 2;
  const app1 = Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
  const out = new Uint8Array(2 + app1.length + jpeg.length - rest);
  out.set([0xff, 0xd8], 0);
  out.set(app1, 2);
  out.set(jpeg.subarray(rest), 2 + app1.length);
  return out;
}

type Matrix3 = [number, number, number, number, number, number, number, number, number];

/** The projective map taking the four `from` points to the four `to` points. */
export function homography(from: [number, number][], to: [number, number][]): Matrix3 {
  // Eight equations in h0…h7 (h8 = 1), solved by Gaussian elimination.
  const rows: number[][] = [];
  for (let i = 0; i < 4; i += 1) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let col = 0; col < 8; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < 8; row += 1)
      if (Math.abs(rows[row]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = row;
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    for (let row = 0; row < 8; row += 1) {
      if (row === col) continue;
      const factor = rows[row]![col]! / rows[col]![col]!;
      for (let k = col; k < 9; k += 1) rows[row]![k]! -= factor * rows[col]![k]!;
    }
  }
  const h = rows.map((row, i) => row[8]! / row[i]!);
  return [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1];
}

function apply(m: Matrix3, x: number, y: number): [number, number] {
  const w = m[6] * x + m[7] * y + m[8];
  return [(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w];
}

/** Three box blurs in each direction: close to a Gaussian of `sigma` px, in time independent of it. */
function gaussianBlur(pixels: Float32Array, width: number, height: number, sigma: number): void {
  // Box widths for three passes (Kovesi, "Fast almost-Gaussian filtering").
  const ideal = Math.sqrt((12 * sigma * sigma) / 3 + 1);
  let lower = Math.floor(ideal);
  if (lower % 2 === 0) lower -= 1;
  const upper = lower + 2;
  const lowerCount = Math.round((12 * sigma * sigma - 3 * lower * lower - 12 * lower - 9) / (-4 * lower - 4));
  const scratch = new Float32Array(pixels.length);
  for (let pass = 0; pass < 3; pass += 1) {
    const radius = ((pass < lowerCount ? lower : upper) - 1) / 2;
    if (radius < 1) continue;
    boxBlur(pixels, scratch, width, height, radius, 1, width);
    boxBlur(scratch, pixels, height, width, radius, width, 1);
  }
}

/** A running-sum box blur of `radius` along lines of `length` pixels `step` apart; lines `lineStep` apart. */
function boxBlur(
  source: Float32Array,
  target: Float32Array,
  length: number,
  lines: number,
  radius: number,
  step: number,
  lineStep: number,
): void {
  const size = 2 * radius + 1;
  for (let line = 0; line < lines; line += 1) {
    const start = line * lineStep;
    const at = (i: number) => source[start + Math.max(0, Math.min(length - 1, i)) * step]!;
    let sum = 0;
    for (let i = -radius; i <= radius; i += 1) sum += at(i);
    for (let i = 0; i < length; i += 1) {
      target[start + i * step] = sum / size;
      sum += at(i + radius + 1) - at(i - radius);
    }
  }
}

/** mulberry32: small, fast and the same everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal sample (Box–Muller). */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}
