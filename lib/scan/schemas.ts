import { z } from "zod";
import { idParam, isoTime, rowId } from "@/lib/http/wire";
import { pageCursor, pageLimit } from "@/lib/http/paging";
import { priceInput } from "@/lib/money/schemas";
import { text } from "@/lib/text-input";
import { BARCODE_FORMATS, normalizeFormat, type BarcodeFormat } from "@/lib/scan/barcode-format";
import { startOfHouseholdDay } from "@/lib/household-clock";
import { SCAN_KINDS } from "@/lib/scan/classify-code";
import { productCodeOf } from "@/lib/scan/normalise-reading";

// Request and response schemas of the scan service (docs/contract.md, "Scan decisions"),
// shared by the route handlers, the pages' forms and the API reference. No
// server imports here. Responses describe what lib/scan/shapes.ts sends:
// ISO UTC timestamps, decimals as strings with two decimals.

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

/** Any spelling of a BarcodeDetector format name (`EAN-13`, `ean13`) → the canonical one. */
export const barcodeFormat = z.string().transform((value, ctx): BarcodeFormat => {
  const format = normalizeFormat(value);
  if (format) return format;
  ctx.addIssue({ code: "custom", message: `is not a known format; use one of ${BARCODE_FORMATS.join(", ")}` });
  return z.NEVER;
});

// Building blocks of the response schemas (what the server sends, for the API
// reference and LABS_CHECK_RESPONSES): ISO 8601 UTC timestamps, money as a
// decimal string with two decimals.
const decimal = z.string().regex(/^-?\d+\.\d{2}$/, "must be a decimal with two decimals");

/**
 * A product's code as a caller writes it, kept as Open Food Facts keys it
 * (lib/scan/normalise-reading.ts): `036000291452` and `0036000291452` are
 * one product, as a scan of it stores it. Other codes (`MAN-12`) as given.
 */
export const productCode = text(64).transform((code) => productCodeOf({ value: code, format: null }));

export const storeSchema = z.object({
  id: rowId,
  name: z.string(),
  country: z.string(),
  tax_id: z.string().nullable(),
});
export type Store = z.infer<typeof storeSchema>;

const isoDate = z.iso.date();

// ─── paging ───────────────────────────────────────────────────────────────

// Every Scan route is public, so anyone can add people, cards, prices and
// scans by the thousand: the lists that grow with them answer one page at a
// time (lib/http/paging.ts). The defaults are above what a household has, so
// a household sees everything on the first page, as before paging.
export const PREFERENCES_PAGE = { fallback: 100, max: 500 } as const;
export const CARDS_PAGE = { fallback: 100, max: 500 } as const;
export const STORES_PAGE = { fallback: 100, max: 500 } as const;
export const PRICES_PAGE = { fallback: 100, max: 500 } as const;
export const SESSION_SCANS_PAGE = { fallback: 200, max: 500 } as const;

/** Where the next page starts; null on the last page. Pass it back as `cursor`. */
const nextCursor = z.string().nullable();
const nameKeyPosition = z.string().max(500);

// ─── scans and sessions ───────────────────────────────────────────────────

// A session id is its short label (`S-<yymmdd>-<n>`, the day's number, for
// people) and 128 random bits: it is all it takes to read a shopping trip's
// invoices with the buyer's NIF, so it must not be guessable by walking the
// numbers (docs/contract.md, "Scan resources").
export const SESSION_ID_PATTERN = /^S-\d{6}-[1-9]\d{0,8}-[A-Za-z0-9_-]{22}$/;
export const sessionId = z
  .string()
  .regex(SESSION_ID_PATTERN, "must be a whole session id as the scan answered it (S-250101-1-…)");

/**
 * A session id as the database may hold it, for answers: the releases before
 * 24 November 2026 gave sessions their label alone (`S-261121-1`). Such a
 * session is still listed with its scans, but cannot be asked for by id:
 * requests take only whole ids (`sessionId`), as its label is guessable.
 */
const storedSessionId = z.union([sessionId, z.string().regex(/^S-\d{6}-[1-9]\d{0,8}$/)]);

/** What people see of a session id: `S-250101-1`, without its secret part. */
export function sessionLabel(id: string): string {
  return id.split("-").slice(0, 3).join("-");
}

export const recordScanBody = z.object({
  value: text(4096),
  format: barcodeFormat.optional().nullable(),
  note: text(1000, 0).optional().nullable(),
  session_id: sessionId.optional().nullable(),
  // Chosen by the phone so a scan it sends again (offline queue) is recorded once.
  client_id: z
    .uuid("must be a UUID like 1b4e28ba-2fa1-41d2-883f-0016d3cca427")
    .transform((value) => value.toLowerCase())
    .optional()
    .nullable(),
});
export type RecordScanBody = z.infer<typeof recordScanBody>;

export const setScanStoreBody = z.object({
  store_id: rowId.nullable(),
  /** The scan's session, else the `scan_sid` cookie: a stranger may only touch scans of its own session. */
  session_id: sessionId.optional().nullable(),
});

export const sessionParams = z.object({ sid: sessionId });

export const sessionDetailQuery = z.object({
  /** How many of the session's scans, newest first from `cursor` (the latest without one). */
  limit: pageLimit(SESSION_SCANS_PAGE),
  /** Position: the id of the oldest scan already listed. */
  cursor: pageCursor(z.tuple([rowId])).optional(),
});
export type SessionDetailQuery = z.infer<typeof sessionDetailQuery>;

export const endSessionBody = z.object({
  session_id: sessionId.optional().nullable(),
});

/** A stored format: the canonical name, or "" when the scanner gave none. */
const storedFormat = z.union([z.enum(BARCODE_FORMATS), z.literal("")]);

export const scanItem = z.object({
  id: rowId,
  value: z.string(),
  format: storedFormat,
  kind: z.enum(SCAN_KINDS),
  note: z.string().nullable(),
  session_id: storedSessionId,
  store_id: rowId.nullable(),
  store_name: z.string().nullable(),
  created_at: isoTime,
});
export type ScanItem = z.infer<typeof scanItem>;

export const invoiceItem = z.object({
  id: rowId,
  scan_id: rowId,
  store_id: rowId.nullable(),
  parse_error: z.string().nullable(),
  issuer_nif: z.string().nullable(),
  buyer_nif: z.string().nullable(),
  country: z.string().nullable(),
  doc_type: z.string().nullable(),
  doc_status: z.string().nullable(),
  doc_date: isoDate.nullable(),
  doc_id: z.string().nullable(),
  atcud: z.string().nullable(),
  total_tax: decimal.nullable(),
  gross_total: decimal.nullable(),
  vat_lines: z.array(
    z.object({ region: z.string(), rate: z.string(), base: decimal.nullable(), vat: decimal.nullable() }),
  ),
  created_at: isoTime,
});
export type InvoiceItem = z.infer<typeof invoiceItem>;

export const recordScanResponse = z.object({
  ok: z.literal(true),
  ...scanItem.shape,
  invoice: invoiceItem.nullable(),
  /** True when `client_id` named a scan recorded before: this is that scan, nothing new was stored. */
  replayed: z.boolean(),
});
export type RecordScanResponse = z.infer<typeof recordScanResponse>;

export const setScanStoreResponse = z.object({ ok: z.literal(true), scan: scanItem });
export type SetScanStoreResponse = z.infer<typeof setScanStoreResponse>;

const sessionItem = z.object({
  id: storedSessionId,
  state: z.enum(["open", "ended", "expired"]),
  started_at: isoTime,
  last_scan_at: isoTime,
  ended_at: isoTime.nullable(),
});

export const sessionDetailResponse = z.object({
  ok: z.literal(true),
  session: sessionItem,
  /** The store of the session's latest scan that has one. */
  store: storeSchema.nullable(),
  /** The latest `limit` scans (older ones from `cursor`), oldest first; `totals` count them all. */
  scans: z.array(scanItem),
  /** The invoices of the scans listed. */
  invoices: z.array(invoiceItem),
  /** The page of older scans; null when `scans` reaches the first one. */
  next: nextCursor,
  totals: z.object({
    /** Every scan of the session, listed or not. */
    scans: z.number().int().nonnegative(),
    by_kind: z.record(z.string(), z.number().int().positive()),
    invoices: z.number().int().nonnegative(),
    /** Invoices read without error; only these count in the totals. */
    parsed_invoices: z.number().int().nonnegative(),
    gross_total: decimal,
    total_tax: decimal,
  }),
});
export type SessionDetailResponse = z.infer<typeof sessionDetailResponse>;

export const endSessionResponse = z.object({ ok: z.literal(true), ended: z.literal(true), session: sessionItem });

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

/** A card's place in wallet order: its store's and person's name keys, then its id. */
const cardPosition = z.tuple([nameKeyPosition, nameKeyPosition, rowId]);
export type CardPosition = z.infer<typeof cardPosition>;

export const cardsPageQuery = z.object({
  limit: pageLimit(CARDS_PAGE),
  cursor: pageCursor(cardPosition).optional(),
});

export const listCardsQuery = z.object({
  store_id: idParam.optional(),
  ...cardsPageQuery.shape,
});

// What a card keeps besides its barcode (docs/decisions/025-card-fields.md).

/** `#rrggbb`, any case in, lower case out. */
const headerColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a73e8")
  .transform((value) => value.toLowerCase());

/** An ISO 4217 code (EUR) or `points`. */
export const balanceCurrency = z
  .string()
  .trim()
  .regex(/^([A-Za-z]{3}|points)$/, "must be a currency code like EUR, or points")
  .transform((value) => (value === "points" ? value : value.toUpperCase()));

/** A day (2026-12-31, its start on the household's clock) or a moment (ISO 8601 with its offset). */
const cardDate = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: "must be a date like 2026-12-31 or an ISO 8601 time",
  })
  .transform((value) => (value.length === 10 ? startOfHouseholdDay(value) : new Date(value)));

export const BARCODE_TEXT_ENCODINGS = ["UTF-8", "ISO-8859-1"] as const;
export type BarcodeTextEncoding = (typeof BARCODE_TEXT_ENCODINGS)[number];

/** A barcode format, or `none` for a card whose number is shown as text. */
const cardFormat = z.union([z.literal("none"), barcodeFormat]);

/** The fields a card may be given when added or changed; null clears one. */
const cardFields = {
  label: text(120, 0).optional().nullable(),
  note: text(2000, 0).optional().nullable(),
  valid_from: cardDate.optional().nullable(),
  expiry: cardDate.optional().nullable(),
  balance: priceInput.optional().nullable(),
  balance_currency: balanceCurrency.optional().nullable(),
  header_color: headerColor.optional().nullable(),
  starred: z.boolean().optional(),
  archived: z.boolean().optional(),
  /** The number printed on the card, when the barcode holds another one. */
  printed_number: text(500, 0).optional().nullable(),
  barcode_encoding: z.enum(BARCODE_TEXT_ENCODINGS).optional().nullable(),
};

export const createCardBody = z
  .object({
    card_value: text(500),
    card_format: cardFormat.optional().nullable(),
    ...cardFields,
    person_id: rowId.optional().nullable(),
    person_name: text(120).optional().nullable(),
  })
  .refine((body) => body.person_id != null || body.person_name != null, {
    message: "give person_id or person_name",
    path: ["person_name"],
  });
export type CreateCardBody = z.infer<typeof createCardBody>;

export const updateCardBody = z
  .object({ card_value: text(500).optional(), card_format: cardFormat.optional(), ...cardFields })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: "change at least one field" });
export type UpdateCardBody = z.infer<typeof updateCardBody>;

export const spendCardBody = z.object({
  amount: priceInput.refine((amount) => Number(amount) > 0, "must be more than 0"),
  note: text(200, 0).optional().nullable(),
});
export type SpendCardBody = z.infer<typeof spendCardBody>;

// ─── card photos ──────────────────────────────────────────────────────────

// docs/decisions/028-card-photos.md: a card's front and back, and the icon a
// pass or Catima keeps beside them.
export const CARD_PHOTO_SIDES = ["front", "back", "icon"] as const;
export type CardPhotoSide = (typeof CARD_PHOTO_SIDES)[number];
/** The most one picture may be: the wallet sends photos scaled down to far less. */
export const CARD_PHOTO_BYTES = 4 * 1024 * 1024;
/** What a picture may be, sniffed from its bytes: what every browser and Catima show. */
export const CARD_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const cardPhotoParams = z.object({ id: idParam, side: z.enum(CARD_PHOTO_SIDES) });

const cardPhotoUrls = z.object({
  front: z.string().nullable(),
  back: z.string().nullable(),
  icon: z.string().nullable(),
});

export const cardSchema = z.object({
  id: rowId,
  store_id: rowId,
  store_name: z.string(),
  person_id: rowId,
  person_name: z.string(),
  /** What the barcode encodes. */
  card_value: z.string(),
  // Stored as given by older clients too, so not only the canonical names;
  // null for a card without a barcode.
  card_format: z.string().nullable(),
  label: z.string(),
  note: z.string(),
  valid_from: isoTime.nullable(),
  expiry: isoTime.nullable(),
  balance: decimal.nullable(),
  balance_currency: z.string().nullable(),
  header_color: z.string().nullable(),
  starred: z.boolean(),
  archived: z.boolean(),
  last_used_at: isoTime.nullable(),
  /** The number printed on the card; null when it is `card_value`. */
  printed_number: z.string().nullable(),
  barcode_encoding: z.enum(BARCODE_TEXT_ENCODINGS).nullable(),
  /** Where each picture of the card is served from; null when it has none. */
  photos: cardPhotoUrls,
  created_at: isoTime,
});
export type Card = z.infer<typeof cardSchema>;

export const cardSpendSchema = z.object({
  id: rowId,
  amount: decimal,
  note: z.string(),
  at: isoTime,
});
export type CardSpend = z.infer<typeof cardSpendSchema>;

/** How many of a card's spends its page shows, newest first. */
export const CARD_SPENDS_SHOWN = 20;

export const cardResponse = z.object({ ok: z.literal(true), card: cardSchema });
export const cardDetailResponse = z.object({
  ok: z.literal(true),
  card: cardSchema,
  /** The latest spends, newest first (at most CARD_SPENDS_SHOWN). */
  spends: z.array(cardSpendSchema),
});
export type CardDetailResponse = z.infer<typeof cardDetailResponse>;
export const spendCardResponse = z.object({ ok: z.literal(true), card: cardSchema, spend: cardSpendSchema });

export const listCardsResponse = z.object({
  ok: z.literal(true),
  /** By store, then person, then age; at most `limit`. */
  cards: z.array(cardSchema),
  next: nextCursor,
});
export type ListCardsResponse = z.infer<typeof listCardsResponse>;

export const deleteCardResponse = z.object({ ok: z.literal(true), deleted: z.literal(true) });

/** A store's place in the list: its name key, then its id. */
const storePosition = z.tuple([nameKeyPosition, rowId]);
export type StorePosition = z.infer<typeof storePosition>;

export const listStoresQuery = z.object({
  limit: pageLimit(STORES_PAGE),
  cursor: pageCursor(storePosition).optional(),
});

export const listStoresResponse = z.object({
  ok: z.literal(true),
  /** By name, ignoring case; at most `limit`. */
  stores: z.array(storeSchema),
  next: nextCursor,
});
export type ListStoresResponse = z.infer<typeof listStoresResponse>;

export const createStoreResponse = z.object({
  ok: z.literal(true),
  store_id: rowId,
  name: z.string(),
  country: z.string(),
  tax_id: z.string().nullable(),
  /** false when a store of that name (any case) already existed. */
  created: z.boolean(),
});
export type CreateStoreResponse = z.infer<typeof createStoreResponse>;

export const storeCardsResponse = z.object({
  ok: z.literal(true),
  store: storeSchema,
  cards: z.array(cardSchema),
  next: nextCursor,
});

export const createCardResponse = cardResponse;
export type CreateCardResponse = z.infer<typeof createCardResponse>;

// ─── preferences ──────────────────────────────────────────────────────────

export const codeParams = z.object({ code: productCode });

/** A row's place in a preference list: 0 for people who chose (they come first), 1 for the rest; then the name key. */
const preferencePosition = z.tuple([z.union([z.literal(0), z.literal(1)]), nameKeyPosition]);
export type PreferencePosition = z.infer<typeof preferencePosition>;

export const listPreferencesQuery = z.object({
  limit: pageLimit(PREFERENCES_PAGE),
  cursor: pageCursor(preferencePosition).optional(),
});

export const setPreferenceBody = z.object({
  code: productCode,
  person_name: text(120),
  sentiment: z.enum(SENTIMENTS, { message: `must be one of ${SENTIMENTS.join(", ")}` }),
});

export const preferenceItem = z.object({
  person_id: rowId,
  person_name: z.string(),
  sentiment: z.enum(SENTIMENTS),
  updated_at: isoTime,
});
export type PreferenceItem = z.infer<typeof preferenceItem>;

export const listPreferencesResponse = z.object({
  ok: z.literal(true),
  code: z.string(),
  /**
   * People who chose first, then everyone else, each by name. Once the code
   * was scanned as a barcode, everyone reads `dont_know` until they choose.
   */
  preferences: z.array(preferenceItem),
  next: nextCursor,
});
export type ListPreferencesResponse = z.infer<typeof listPreferencesResponse>;

export const setPreferenceResponse = z.object({
  ok: z.literal(true),
  preference: z.object({ code: z.string(), ...preferenceItem.shape }),
});
export type SetPreferenceResponse = z.infer<typeof setPreferenceResponse>;

// ─── prices ───────────────────────────────────────────────────────────────

export const PRICE_SOURCES = ["manual", "invoice"] as const;

export const createPriceBody = z
  .object({
    code: productCode.optional().nullable(),
    product_id: rowId.optional().nullable(),
    store_id: rowId.optional().nullable(),
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

const decimalPosition = z.string().regex(/^-?\d{1,10}(\.\d{1,2})?$/);
/** A latest price's place: cheapest first, then the store's name key, then its id. */
const latestPricePosition = z.tuple([decimalPosition, nameKeyPosition, rowId]);
/** A price's place in the history: newest first, then its id. */
const historyPricePosition = z.tuple([isoTime, rowId]);
export type LatestPricePosition = z.infer<typeof latestPricePosition>;
export type HistoryPricePosition = z.infer<typeof historyPricePosition>;

export const listPricesQuery = z.object({
  code: productCode.optional(),
  store_id: idParam.optional(),
  history: flag.optional(),
  /** At most this many in `prices`, and in `history` too. */
  limit: pageLimit(PRICES_PAGE),
  cursor: pageCursor(latestPricePosition).optional(),
  history_cursor: pageCursor(historyPricePosition).optional(),
});

export const priceSchema = z.object({
  id: rowId,
  product_id: rowId,
  code: z.string(),
  product_name: z.string(),
  store_id: rowId,
  store_name: z.string(),
  price: decimal,
  currency: z.string(),
  source: z.enum(PRICE_SOURCES),
  observed_at: isoTime,
  /** Median of the product's prices in that currency; null with fewer than 3 prices. */
  median: decimal.nullable(),
  /** More than 3× or less than a third of the median. */
  likely_typo: z.boolean(),
});
export type Price = z.infer<typeof priceSchema>;

export const listPricesResponse = z.object({
  ok: z.literal(true),
  /** Latest price per store and product, cheapest first. */
  prices: z.array(priceSchema),
  next: nextCursor,
  /** With `history=1`: every price, newest first (from `history_cursor`). */
  history: z.array(priceSchema).optional(),
  /** With `history=1`: where the next page of the history starts. */
  history_next: nextCursor.optional(),
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
  id: rowId,
  code: z.string(),
  name: z.string(),
  brand: z.string(),
  quantity: z.string(),
  image_url: z.string().nullable(),
  categories: z.string(),
  source: z.enum(PRODUCT_SOURCES),
  /** Open Food Facts' last answer: found, not_found, or null when never asked. */
  off_status: z.enum(["found", "not_found"]).nullable(),
  enriched_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type Product = z.infer<typeof productSchema>;

export const createManualProductResponse = z.object({ ok: z.literal(true), product: productSchema });
export type CreateManualProductResponse = z.infer<typeof createManualProductResponse>;

export const searchProductsResponse = z.object({ ok: z.literal(true), products: z.array(productSchema) });
export type SearchProductsResponse = z.infer<typeof searchProductsResponse>;

// Open Food Facts keys products by their numeric barcode, read as productCode reads it.
export const enrichParams = z.object({
  code: z
    .string()
    .regex(/^\d{4,24}$/, "only numeric barcodes can be looked up on Open Food Facts")
    .transform((code) => productCodeOf({ value: code, format: null })),
});

export const enrichQuery = z.object({
  refresh: flag.optional(),
});

export const getProductResponse = z.object({ ok: z.literal(true), product: productSchema });
export type GetProductResponse = z.infer<typeof getProductResponse>;

export const enrichProductResponse = z.object({
  ok: z.literal(true),
  product: productSchema,
  /** True when answered from what an earlier look-up stored, without calling Open Food Facts. */
  cached: z.boolean(),
});
export type EnrichProductResponse = z.infer<typeof enrichProductResponse>;

// ─── import and export ────────────────────────────────────────────────────

// docs/import-export.md, docs/decisions/007-wallet-import-export.md.
export const IMPORT_LIMITS = {
  /** The upload, a Catima zip with the cards' photos included. */
  fileBytes: 20 * 1024 * 1024,
  /**
   * The pictures of one file, inflated: photos barely deflate, so an honest
   * zip's fit easily; a zip bomb of pictures is stopped here.
   */
  photoBytes: 40 * 1024 * 1024,
  /** The CSV, bare or inside the zip. */
  csvBytes: 2 * 1024 * 1024,
  /** Cards in one file from the household; a stranger's are capped lower (ANON_RATE_LIMIT). */
  cards: 1000,
  /**
   * Records of the CSV a file may have for each card it may hold, counted as
   * they are read: a Catima export's groups and links fit easily; a 2 MiB
   * file of empty lines, a million records, is refused after the first few.
   */
  rowsPerCard: 10,
} as const;

/** The wallet CSV's columns, in the order the export writes them. */
export const WALLET_CSV_COLUMNS = [
  "store",
  "number",
  "format",
  "label",
  "person",
  "note",
  "expiry",
  "balance",
  "currency",
] as const;

export const importCardsQuery = z.object({
  /** `1`: answer what would be imported, write nothing. */
  dry_run: flag.optional(),
});

/** The `person` form field: whose cards these are, where the file does not say. */
export const importPersonField = text(120).optional();

/** A card a file brings, as the card routes answer it, before it has an id. */
const importRow = cardSchema.omit({ id: true, store_id: true, person_id: true, created_at: true }).extend({
  /** Where the card is in the file (its CSV line). */
  line: z.number().int().positive(),
  /** null: the card has no barcode. */
  card_format: z.enum(BARCODE_FORMATS).nullable(),
  /**
   * The pictures the file brings: in a plan (and for a duplicate) each one's
   * name in the file, once imported its address; null where it brings none.
   */
  photos: cardPhotoUrls,
});
export type ImportRow = z.infer<typeof importRow>;

const importError = z.object({
  line: z.number().int().positive(),
  /** What could be read of the row, to recognise it. */
  store_name: z.string().nullable(),
  card_value: z.string().nullable(),
  reason: z.string(),
});
export type ImportError = z.infer<typeof importError>;

export const importCardsResponse = z.object({
  ok: z.literal(true),
  /** True when nothing was written (`dry_run=1`). */
  dry_run: z.boolean(),
  /** The cards added (or that would be). */
  add: z.array(importRow),
  /** Cards the wallet already has (same store, person and number), or that the file holds twice: skipped. */
  duplicates: z.array(importRow),
  /** Rows that cannot become a card, and why: skipped. */
  errors: z.array(importError),
});
export type ImportCardsResponse = z.infer<typeof importCardsResponse>;

export const EXPORT_FORMATS = ["catima", "csv"] as const;

export const exportCardsQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { message: "must be catima or csv" }).default("catima"),
});
