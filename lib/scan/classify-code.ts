import { isOneDimensional, normalizeFormat } from "@/lib/scan/barcode-format";
import { hasValidCheckDigit } from "@/lib/scan/check-digit";
import { looksLikeFatura } from "@/lib/scan/parse-fatura";

export const SCAN_KINDS = ["fatura", "card", "url", "barcode", "qr"] as const;

export type ScanKind = (typeof SCAN_KINDS)[number];

export type ClassifyCodeOptions = {
  value: string;
  /** As reported by the reader, in any spelling; normalised here. */
  format?: string | null;
  /** True when the value equals an active (not deleted) loyalty card's value; the caller looks it up. */
  isActiveCardValue?: boolean;
};

/**
 * Picks a scan's `kind` (docs/contract.md, "Scan decisions").
 *
 * Precedence fatura > card > url > barcode > qr: a fiscal QR is unmistakable
 * by its structure and must reach the invoice parser; after that the wallet
 * is the most specific thing we know, and loyalty cards are often valid EAN-13
 * codes (in-store 2xx prefixes) or URL QRs that must not be treated as a
 * product (no dont_know preferences for a card); a URL is checked before the
 * 1-D rule so a Code 128 carrying a link still opens as a link; a valid GTIN
 * check digit marks a product code whatever symbology carried it, and any
 * other 1-D symbol is a product-style code too; what is left is 2-D content.
 */
export function classifyCode({ value, format, isActiveCardValue = false }: ClassifyCodeOptions): ScanKind {
  const text = value.trim();
  if (looksLikeFatura(text)) return "fatura";
  if (isActiveCardValue) return "card";
  if (isHttpUrl(text)) return "url";
  const canonical = normalizeFormat(format);
  if (isOneDimensional(canonical)) return "barcode";
  if (/^\d+$/.test(text) && hasValidCheckDigit(text, canonical)) return "barcode";
  return "qr";
}

function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  return URL.canParse(text);
}
