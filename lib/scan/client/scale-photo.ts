// A card's photo as the wallet sends it (docs/decisions/028-card-photos.md):
// a phone's 12-megapixel picture is a few MiB, far more than a card needs on
// a screen, so it is drawn at most PHOTO_SIDE pixels on its long side, turned
// as its EXIF says, and sent as a JPEG of a few hundred KiB.

import "client-only";
const PHOTO_SIDE = 1600;
const QUALITY = 0.85;

/** The picture made small enough to keep; throws when the browser cannot decode it. */
export async function scalePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const scale = Math.min(1, PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    // A transparent PNG becomes JPEG on white, as a card on paper.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no JPEG"))), "image/jpeg", QUALITY),
    );
  } finally {
    bitmap.close();
  }
}
