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

// Building blocks of the response schemas (what the server sends, for the API
// reference and LABS_CHECK_RESPONSES): ISO 8601 UTC timestamps, money as a
// decimal string with two decimals.
const isoDateTime = z.iso.datetime({ offset: true });
const decimalString = z.string().regex(/^\d+\.\d{2}$/, "must be a decimal with two decimals");

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

export const storeSchema = z.object({
  id: positiveInt,
  name: z.string(),
  country: z.string(),
  tax_id: z.string().nullable(),
});
export type Store = z.infer<typeof storeSchema>;

export const cardSchema = z.object({
  id: positiveInt,
  store_id: positiveInt,
  store_name: z.string(),
  person_id: positiveInt,
  person_name: z.string(),
  card_value: z.string(),
  // Stored as given by older clients too, so not only the canonical names.
  card_format: z.string(),
  label: z.string(),
  created_at: isoDateTime,
});
export type Card = z.infer<typeof cardSchema>;

export const listCardsResponse = z.object({ ok: z.literal(true), cards: z.array(cardSchema) });
export type ListCardsResponse = z.infer<typeof listCardsResponse>;

export const deleteCardResponse = z.object({ ok: z.literal(true), deleted: z.literal(true) });

export const listStoresResponse = z.object({ ok: z.literal(true), stores: z.array(storeSchema) });
export type ListStoresResponse = z.infer<typeof listStoresResponse>;

export const createStoreResponse = z.object({
  ok: z.literal(true),
  store_id: positiveInt,
  name: z.string(),
  country: z.string(),
  tax_id: z.string().nullable(),
  /** false when a store of that name (any case) already existed. */
  created: z.boolean(),
});
export type CreateStoreResponse = z.infer<typeof createStoreResponse>;

export const storeCardsResponse = z.object({ ok: z.literal(true), store: storeSchema, cards: z.array(cardSchema) });

export const createCardResponse = z.object({ ok: z.literal(true), card: cardSchema });
export type CreateCardResponse = z.infer<typeof createCardResponse>;

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

export const priceSchema = z.object({
  id: positiveInt,
  product_id: positiveInt,
  code: z.string(),
  product_name: z.string(),
  store_id: positiveInt,
  store_name: z.string(),
  price: decimalString,
  currency: z.string(),
  source: z.enum(PRICE_SOURCES),
  observed_at: isoDateTime,
  /** Median of the product's prices in that currency; null with fewer than 3 prices. */
  median: decimalString.nullable(),
  /** More than 3× or less than a third of the median. */
  likely_typo: z.boolean(),
});
export type Price = z.infer<typeof priceSchema>;

export const listPricesResponse = z.object({
  ok: z.literal(true),
  /** Latest price per store and product, cheapest first. */
  prices: z.array(priceSchema),
  /** With `history=1`: every price, newest first. */
  history: z.array(priceSchema).optional(),
});
export type ListPricesResponse = z.infer<typeof listPricesResponse>;

export const createPriceResponse = z.object({ ok: z.literal(true), price: priceSchema });
export type CreatePriceResponse = z.infer<typeof createPriceResponse>;

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

export const PRODUCT_SOURCES = ["manual", "off", "scan"] as const;

export const productSchema = z.object({
  id: positiveInt,
  code: z.string(),
  name: z.string(),
  brand: z.string(),
  quantity: z.string(),
  image_url: z.string().nullable(),
  categories: z.string(),
  source: z.enum(PRODUCT_SOURCES),
  /** Cached answer of Open Food Facts: found, not_found, or null when never asked. */
  off_status: z.string().nullable(),
  enriched_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Product = z.infer<typeof productSchema>;

export const createManualProductResponse = z.object({ ok: z.literal(true), product: productSchema });
export type CreateManualProductResponse = z.infer<typeof createManualProductResponse>;

export const searchProductsResponse = z.object({ ok: z.literal(true), products: z.array(productSchema) });
export type SearchProductsResponse = z.infer<typeof searchProductsResponse>;

// Open Food Facts keys products by their numeric barcode.
export const enrichParams = z.object({
  code: z.string().regex(/^\d{4,24}$/, "only numeric barcodes can be looked up on Open Food Facts"),
});

export const enrichQuery = z.object({
  refresh: flag.optional(),
});
