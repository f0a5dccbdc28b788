import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { BarcodeFormat } from "../../lib/scan/barcode-format";
import { gtinCheckDigit } from "../../lib/scan/check-digit";
import { moduleGrid, renderScene, storeRotated, withExifOrientation, type Scene } from "./photo-synth";

// The photos we make of our own renders (docs/barcode-corpus.md): every
// format below taken through every kind of trouble a phone photo has. Fixed
// values and seeds, so each run makes the same pictures; Chromium encodes
// them as JPEG, the encoder a person's browser would also use.

export const PHOTO_KINDS = [
  "plain",
  "rotated",
  "perspective",
  "blur",
  "noise",
  "low-contrast",
  "low-quality-jpeg",
  "12mp",
  "exif-orientation",
] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

type FormatCase = {
  format: BarcodeFormat;
  bcid: string;
  options?: Record<string, unknown>;
  quietZone: number;
  value: (kind: PhotoKind, index: number) => string;
};

const fatura = (docId: number) =>
  `A:500000000*B:999999990*C:PT*D:FS*E:N*F:20240312*G:FS CDVF/${docId}*H:CDF7T5HD-${docId}*I1:PT*I7:12.40*I8:2.85*N:2.85*O:15.25*Q:YhGV*R:9999`;

export const PHOTO_FORMATS: FormatCase[] = [
  {
    format: "ean_13",
    bcid: "ean13",
    quietZone: 11,
    // In-store range (prefix 2): never a real product.
    value: (_, index) => {
      const data = `20${String(4412300 + index * 101).padStart(10, "0")}`;
      return `${data}${gtinCheckDigit(data)}`;
    },
  },
  {
    format: "qr_code",
    bcid: "qrcode",
    options: { eclevel: "M" },
    quietZone: 4,
    value: (_, index) => fatura(7100 + index),
  },
  {
    format: "code_128",
    bcid: "code128",
    quietZone: 10,
    // A parcel-label length: letters, then digits packed two to a symbol.
    value: (_, index) => `LABS${String(31400 + index * 7).padStart(8, "0")}`,
  },
  {
    format: "data_matrix",
    bcid: "datamatrix",
    quietZone: 3,
    value: (kind, index) => `LABS DATAMATRIX ${kind} ${index}`,
  },
  {
    format: "pdf417",
    bcid: "pdf417",
    quietZone: 2,
    value: (kind, index) => `M1DOE/JANE LABS ${kind} LISOPO TP ${index}`,
  },
  { format: "aztec", bcid: "azteccode", quietZone: 3, value: (kind, index) => `LABS AZTEC ${kind} TICKET ${index}` },
];

export type PhotoCase = {
  kind: PhotoKind;
  format: BarcodeFormat;
  value: string;
  /** Where it is written under the corpus folder: `<format>/<kind>`. */
  name: string;
  scene: Scene;
  quality: number;
  orientation: 1 | 3 | 6 | 8;
};

/** A hand-held phone photo, 1600 × 1200: a little turned, soft, noisy, unevenly lit. */
const BASE = { width: 1600, height: 1200, span: 0.5, angle: 3, falloff: 0.2, blur: 0.7, noise: 0.015 };

function kindScene(
  kind: PhotoKind,
  formatIndex: number,
): { scene: Partial<Scene>; quality: number; orientation: 1 | 3 | 6 | 8 } {
  const plain = { scene: {}, quality: 0.88, orientation: 1 as const };
  switch (kind) {
    case "plain":
      return plain;
    case "rotated":
      // A different quarter for each format: upside down and sideways too.
      return { ...plain, scene: { angle: [33, 124, 208, 291, 57, 162][formatIndex % 6] } };
    case "perspective":
      return { ...plain, scene: { tilt: 0.25, yaw: 0.1, angle: 8 } };
    case "blur":
      return { ...plain, scene: { defocus: 0.4 } };
    case "noise":
      return { ...plain, scene: { noise: 0.1 } };
    case "low-contrast":
      return { ...plain, scene: { ink: 0.45, paper: 0.62, table: 0.5, falloff: 0.3 } };
    case "low-quality-jpeg":
      return { ...plain, scene: { width: 1280, height: 960, span: 0.4 }, quality: 0.15 };
    case "12mp":
      return { ...plain, scene: { width: 4000, height: 3000, span: 0.45, blur: 1.6, noise: 0.02 } };
    case "exif-orientation":
      // Held upright: shown 3000 × 4000, stored sideways (or upside down) with its tag.
      return {
        ...plain,
        scene: { width: 3000, height: 4000, span: 0.6, blur: 1.4, noise: 0.02 },
        orientation: ([6, 8, 3] as const)[formatIndex % 3]!,
      };
  }
}

/** Every made photo: each format through each kind. */
export function photoCases(kinds: readonly PhotoKind[] = PHOTO_KINDS): PhotoCase[] {
  return kinds.flatMap((kind) => {
    const kindIndex = PHOTO_KINDS.indexOf(kind);
    return PHOTO_FORMATS.map((entry, formatIndex) => {
      const value = entry.value(kind, kindIndex);
      const { scene, quality, orientation } = kindScene(kind, formatIndex);
      return {
        kind,
        format: entry.format,
        value,
        name: `${entry.format}/${kind}`,
        quality,
        orientation,
        scene: {
          ...BASE,
          grid: moduleGrid(entry.bcid, value, entry.options),
          quietZone: entry.quietZone,
          seed: 7919 * (kindIndex + 1) + formatIndex,
          ...scene,
        },
      };
    });
  });
}

/** Encodes grey pixels as a JPEG in Chromium (`page` must be on http://photo-lab.invalid/, see openPhotoLab). */
async function encodeJpeg(page: Page, pixels: Uint8Array, width: number, height: number, quality: number) {
  pending.set(page, pixels);
  const base64 = await page.evaluate(
    async ({ width, height, quality }) => {
      const luma = new Uint8Array(await (await fetch("/pixels")).arrayBuffer());
      const image = new ImageData(width, height);
      // A little warm, as indoor light is; the luminance stays as made.
      for (let i = 0; i < luma.length; i += 1) {
        const v = luma[i]!;
        image.data[4 * i] = Math.min(255, v * 1.04 + 2);
        image.data[4 * i + 1] = v;
        image.data[4 * i + 2] = v * 0.9;
        image.data[4 * i + 3] = 255;
      }
      const canvas = new OffscreenCanvas(width, height);
      canvas.getContext("2d")!.putImageData(image, 0, 0);
      const blob = await canvas.convertToBlob({ type: "image/jpeg", quality });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { width, height, quality },
  );
  pending.delete(page);
  return new Uint8Array(Buffer.from(base64, "base64"));
}

const pending = new WeakMap<Page, Uint8Array>();

/** Makes `page` the JPEG encoder: a blank page whose /pixels answers the picture being encoded. */
export async function openPhotoLab(page: Page): Promise<void> {
  await page.route("http://photo-lab.invalid/**", async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === "/pixels") return route.fulfill({ body: Buffer.from(pending.get(page) ?? new Uint8Array()) });
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>photo lab</title>" });
  });
  await page.goto("http://photo-lab.invalid/");
}

/** The JPEG file of one case, with its EXIF orientation tag when it has one. */
export async function makePhoto(lab: Page, photo: PhotoCase): Promise<Uint8Array> {
  const { width, height } = photo.scene;
  const stored = storeRotated(renderScene(photo.scene), width, height, photo.orientation);
  const jpeg = await encodeJpeg(lab, stored.pixels, stored.width, stored.height, photo.quality);
  return photo.orientation === 1 ? jpeg : withExifOrientation(jpeg, photo.orientation);
}

/** Writes `<dir>/<format>/<kind>.jpg` and `.txt` (the expected text) for each case; returns the JPEG paths. */
export async function writePhotoCorpus(lab: Page, dir: string, cases = photoCases()): Promise<string[]> {
  const files: string[] = [];
  for (const photo of cases) {
    const file = path.join(dir, `${photo.name}.jpg`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await makePhoto(lab, photo));
    writeFileSync(file.replace(/\.jpg$/, ".txt"), photo.value);
    files.push(file);
  }
  return files;
}
