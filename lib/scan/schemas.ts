import { z } from "zod";
import { idParam } from "@/lib/http/ids";
import { priceInput } from "@/lib/money/schemas";
import { BARCODE_FORMATS, normalizeFormat, type BarcodeFormat } from "@/lib/scan/barcode-format";

// Request schemas of the scan service (DESIGN §4 "Scan service"), shared by the
// route handlers and the pages' forms. No server imports here.

export const SENTIMENTS = [
  "dont_know",
  "dislike",
  "neutral",
  "like",
  "favorite",
  "style_favorite",
  "worth_heartburn",
] as const;

export type Sentiment = (typeof SENTIMENTS)[number];

/**
 * Trimmed text of bounded length. NUL is refused: PostgreSQL cannot store it
 * in a text column, and no scanner or person produces it on purpose.
 */
export function text(max: number, min = 1) {
  return z
    .string()
    .trim()
    .min(min, min === 1 ? "must not be empty" : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !value.includes("\u0000"), "must not contain NUL characters");
}

/** Any spelling of a BarcodeDetector format name (`EAN-13`, `ean13`) → the canonical one. */
export const barcodeFormat = z.string().transform((value, ctx): BarcodeFormat => {
  const format = normalizeFormat(value);
  if (format) return format;
  ctx.addIssue({ code: "custom", message: `is not a known format; use one of ${BARCODE_FORMATS.join(", ")}` });
  return z.NEVER;
});

const positiveInt = z.number().int("must be an integer").positive("must be a positive integer").max(2_147_483_647);

export const productCode = text(64);

// ─── scans and sessions ───────────────────────────────────────────────────

export const SESSION_ID_PATTERN = /^S-\d{6}-[1-9]\d{0,8}$/;
export const sessionId = z.string().regex(SESSION_ID_PATTERN, "must be a session id like S-250101-1");

export const recordScanBody = z.object({
  value: text(4096),
  format: barcodeFormat.optional().nullable(),
  note: text(1000, 0).optional().nullable(),
  session_id: sessionId.optional().nullable(),
});
export type RecordScanBody = z.infer<typeof recordScanBody>;

export const setScanStoreBody = z.object({
  store_id: positiveInt.nullable(),
});

export const sessionParams = z.object({ sid: sessionId });

export const endSessionBody = z.object({
  session_id: sessionId.optional().nullable(),
});

// ─── stores and cards ─────────────────────────────────────────────────────

export const createStoreBody = z.object({
  name: text(120),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code like PT")
    .transform((value) => value.toUpperCase())
    .default("PT"),
  tax_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,30}$/, "must be a tax number (NIF) of letters and digits")
    .optional()
    .nullable(),
});
export type CreateStoreBody = z.infer<typeof createStoreBody>;

export const listCardsQuery = z.object({
  store_id: idParam.optional(),
});

export const createCardBody = z
  .object({
    card_value: text(500),
    card_format: barcodeFormat.optional().nullable(),
    label: text(120, 0).optional().nullable(),
    person_id: positiveInt.optional().nullable(),
    person_name: text(120).optional().nullable(),
  })
  .refine((body) => body.person_id != null || body.person_name != null, {
    message: "give person_id or person_name",
    path: ["person_name"],
  });
export type CreateCardBody = z.infer<typeof createCardBody>;

// ─── preferences ──────────────────────────────────────────────────────────

export const codeParams = z.object({ code: productCode });

export const setPreferenceBody = z.object({
  code: productCode,
  person_name: text(120),
  sentiment: z.enum(SENTIMENTS, { message: `must be one of ${SENTIMENTS.join(", ")}` }),
});

// ─── prices ───────────────────────────────────────────────────────────────

export const PRICE_SOURCES = ["manual", "invoice"] as const;

export const createPriceBody = z
  .object({
    code: productCode.optional().nullable(),
    product_id: positiveInt.optional().nullable(),
    store_id: positiveInt.optional().nullable(),
    store_name: text(120).optional().nullable(),
    price: priceInput,
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, "must be a three-letter currency code like EUR")
      .transform((value) => value.toUpperCase())
      .default("EUR"),
    observed_at: z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" }).optional().nullable(),
    source: z.enum(PRICE_SOURCES, { message: "must be manual or invoice" }).default("manual"),
  })
  .refine((body) => body.code != null || body.product_id != null, {
    message: "give code or product_id",
    path: ["code"],
  })
  .refine((body) => body.store_id != null || body.store_name != null, {
    message: "give store_id or store_name",
    path: ["store_id"],
  });
export type CreatePriceBody = z.infer<typeof createPriceBody>;

const flag = z.enum(["0", "1", "true", "false"]).transform((value) => value === "1" || value === "true");

export const listPricesQuery = z.object({
  code: productCode.optional(),
  store_id: idParam.optional(),
  history: flag.optional(),
});

// ─── products ─────────────────────────────────────────────────────────────

export const createManualProductBody = z.object({
  name: text(200),
  brand: text(200, 0).optional().nullable(),
  quantity: text(60, 0).optional().nullable(),
  categories: text(500, 0).optional().nullable(),
  image_url: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .max(2000)
    .optional()
    .nullable(),
});
export type CreateManualProductBody = z.infer<typeof createManualProductBody>;

export const searchProductsQuery = z.object({
  q: text(100),
});

// Open Food Facts keys products by their numeric barcode.
export const enrichParams = z.object({
  code: z.string().regex(/^\d{4,24}$/, "only numeric barcodes can be looked up on Open Food Facts"),
});

export const enrichQuery = z.object({
  refresh: flag.optional(),
});
