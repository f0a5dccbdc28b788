import { toSVG } from "bwip-js/node";
import { errorText, writeError, type ErrorText } from "@/lib/http/errors";
import { barcodeEncoding, encodingErrorDetail, FORMAT_LABELS } from "@/lib/scan/barcode-encoding";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";

// Whether an imported card can be drawn at the till, decided on the server
// before anything is stored, so the import preview lists a card that would
// show an error instead of a barcode among the ones it cannot read.
//
// 1-D values are drawn with bwip-js, the library and encoder choice the
// phone's checkout view uses (barcodeEncoding), so they fail here exactly
// when they would fail there. Drawing a long 2-D value takes bwip-js up to a
// few seconds of the server's only thread, so 2-D values are checked by
// length against what each symbology holds instead (lib/scan/check-card-barcode.test.ts
// draws the longest allowed value of each): any text fits, only its size can fail.

/** Longer 1-D symbols are wider than a till's scanner reads; checking them would cost time for nothing. */
export const ONE_D_MAX_CHARACTERS = 80;

/**
 * UTF-8 bytes of a 2-D value that bwip-js draws. A card value holds at most
 * 500 UTF-16 units, 1500 bytes; QR code, Aztec and Data Matrix hold more at
 * the error correction we draw with, PDF417 less.
 */
export const TWO_D_MAX_BYTES: Partial<Record<BarcodeFormat, number>> = {
  qr_code: 1500,
  aztec: 1500,
  data_matrix: 1500,
  pdf417: 1100,
};

/** Why `value` cannot be drawn as `format`, or null when it can. */
export function cardBarcodeProblem(format: BarcodeFormat, value: string): string | null {
  const problem = cardBarcodeProblemText(format, value);
  return problem ? writeError(problem, "en") : null;
}

/** Why `value` cannot be drawn as `format`, to be written in the asker's language; null when it can. */
export function cardBarcodeProblemText(format: BarcodeFormat, value: string): ErrorText | null {
  const encoding = barcodeEncoding(format, value);
  const label = FORMAT_LABELS[encoding.format];
  if (encoding.twoDimensional) {
    const bytes = new TextEncoder().encode(value).byteLength;
    const max = TWO_D_MAX_BYTES[encoding.format] ?? 0;
    return bytes <= max ? null : errorText("wallet.row.tooLong2d", { format: label, bytes, max });
  }
  if (value.length > ONE_D_MAX_CHARACTERS) {
    return errorText("wallet.row.tooLong1d", { format: label, max: ONE_D_MAX_CHARACTERS });
  }
  try {
    toSVG({ bcid: encoding.encoder, text: encoding.text, ...encoding.options });
    return null;
  } catch (error) {
    const detail = encodingErrorDetail(error);
    return detail
      ? errorText("wallet.row.cannotDrawBecause", { format: label, detail: `${detail}.`.replace(/\.\.$/, ".") })
      : errorText("wallet.row.cannotDraw", { format: label });
  }
}
