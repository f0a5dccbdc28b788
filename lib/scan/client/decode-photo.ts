import "client-only";
import type { DetectedCode } from "@/lib/scan/client/barcode-reader";
import { edgeAngles, grayOf, rgbaOf, rotate, sharpen, shrink, type Gray } from "@/lib/scan/client/photo-pixels";

// Reads the codes in a photo from the gallery or the camera app (docs/contract.md,
// "Scan decisions"; docs/barcode-corpus.md). A reader looks at a picture as it is; a
// phone photo is often turned, a little out of focus, noisy or huge, so when
// the first look finds nothing, the same reader looks again at the picture
// made easier: turned so the bars stand upright, sharpened, made smaller,
// or at full size. Each look is a step the caller can show. Runs in the photo
// worker (lib/scan/client/photo-worker.ts) or, without one, on the page:
// browser APIs only, no DOM.

export type Detect = (image: ImageData) => Promise<DetectedCode[]>;

/** Which look is being taken: `step` of `steps`, and what it is ("as taken", "sharpened", …). */
export type PhotoProgress = { step: number; steps: number; look: string };

/** Long side the photo is first looked at: fast on a 12-megapixel picture, enough for a code that fills a fair part of it. */
export const PHOTO_WORKING_SIDE = 1600;
/** A full-size look is worth it only when the photo is this much larger than the working size. */
const FULL_SIZE_OVER = 1.25;
/** Turns smaller than this are left to the reader, which copes with them. */
const MIN_TURN_DEGREES = 0.5;

type Look = { name: string; image: () => Gray };

/**
 * The codes in `file` (any image the browser decodes, turned as its EXIF
 * orientation says), from the first look that finds any; [] when none does.
 * Throws when the file is not an image the browser can decode.
 */
export async function decodePhoto(
  file: Blob,
  detect: Detect,
  onProgress: (progress: PhotoProgress) => void = () => {},
): Promise<DetectedCode[]> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const longSide = Math.max(bitmap.width, bitmap.height);
    const base = drawGray(bitmap, Math.min(1, PHOTO_WORKING_SIDE / longSide));
    const looks = plan(base, longSide > PHOTO_WORKING_SIDE * FULL_SIZE_OVER ? () => drawGray(bitmap, 1) : null);
    for (const [index, look] of looks.entries()) {
      onProgress({ step: index + 1, steps: looks.length, look: look.name });
      const gray = look.image();
      const codes = await detect(new ImageData(rgbaOf(gray), gray.width, gray.height));
      if (codes.length > 0) return codes;
    }
    return [];
  } finally {
    bitmap.close();
  }
}

/**
 * The looks, cheapest and likeliest first. Measured on the made photos
 * (bench/corpus.ts): turning upright is what reads rotated 1-D codes and any
 * PDF417 not perfectly level; sharpening reads slightly blurred 1-D codes;
 * averaging down reads noisy or blocky (low-quality JPEG) ones.
 */
function plan(base: Gray, fullSize: (() => Gray) | null): Look[] {
  const angles = edgeAngles(base).filter((degrees) => Math.abs(degrees) >= MIN_TURN_DEGREES);
  let upright: Gray | null = null;
  const uprightImage = () => (upright ??= angles[0] === undefined ? base : rotate(base, -angles[0]));
  const looks: Look[] = [{ name: "as taken", image: () => base }];
  for (const [index, degrees] of angles.entries()) {
    looks.push({ name: "turned upright", image: () => (index === 0 ? uprightImage() : rotate(base, -degrees)) });
  }
  looks.push({ name: "sharpened", image: () => sharpen(uprightImage(), 2, 1.5) });
  looks.push({ name: "smaller", image: () => shrink(uprightImage(), 1.5) });
  if (fullSize) looks.push({ name: "full size", image: fullSize });
  return looks;
}

/** The bitmap at `scale`, in grey. */
function drawGray(bitmap: ImageBitmap, scale: number): Gray {
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  // A page canvas only where there is no OffscreenCanvas (Safari before 16.4), and so no worker use either.
  const canvas =
    typeof OffscreenCanvas === "undefined"
      ? Object.assign(document.createElement("canvas"), { width, height })
      : new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d", { willReadFrequently: true }) as
    CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) throw new Error("no 2d canvas");
  // Transparent pixels are paper, as an image viewer shows them: a barcode
  // saved from a page or drawn by a program often has no background, and
  // its transparent black would read as ink (zxing's datamatrix-1/EDIFACT.png).
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  return grayOf(context.getImageData(0, 0, width, height));
}
