// What an attachment really is, from its first bytes: the browser's declared
// type and the file name are the sender's word, and a page served from our
// origin must never be an HTML or SVG document in disguise. Only these raster
// images and PDF are accepted (docs/contract.md, "Ask decisions").
const ASCII = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const HEIF_BRANDS: Record<string, string> = {
  avif: "image/avif",
  avis: "image/avif",
  heic: "image/heic",
  heix: "image/heic",
  hevc: "image/heic",
  hevx: "image/heic",
  mif1: "image/heif",
  msf1: "image/heif",
};

/** The content type of an accepted attachment, or null when it is not one. */
export function sniffAttachmentType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ASCII("GIF87a")) || startsWith(bytes, ASCII("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ASCII("RIFF")) && startsWith(bytes, ASCII("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ASCII("%PDF-"))) return "application/pdf";
  if (startsWith(bytes, ASCII("ftyp"), 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    return HEIF_BRANDS[brand] ?? null;
  }
  return null;
}

export function isImageType(contentType: string): boolean {
  return contentType.startsWith("image/");
}

/** A file name safe to store and to put in a header: no path, no control characters. */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 200);
  return clean.isWellFormed() && clean ? clean : "attachment";
}
