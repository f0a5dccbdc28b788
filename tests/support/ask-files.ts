// Small real files for attachment tests, made here rather than downloaded.

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A minimal one-page PDF. */
export const PDF_MINIMAL = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export const HTML_PAGE = Buffer.from(
  "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
);

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="1" height="1"/></svg>',
);

/** A PNG of exactly `size` bytes: the 1×1 image padded after its end (readers stop at IEND). */
export function pngOfSize(size: number): Buffer {
  const padded = Buffer.alloc(size);
  PNG_1X1.copy(padded);
  return padded;
}
