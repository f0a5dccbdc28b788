import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { yymmdd } from "@/lib/db/daily-counter";
import { AppError, errorText } from "@/lib/http/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import { classifyCode, type ScanKind } from "@/lib/scan/classify-code";
import { cardValuesOf, productCodeOf, type Reading } from "@/lib/scan/normalise-reading";
import { parseFatura, type VatLine } from "@/lib/scan/parse-fatura";
import { SESSION_IDLE_MS } from "@/lib/scan/scan-session";
import { searchTextOf } from "@/lib/scan/search-text";
import { invoiceJson, scanJson } from "@/lib/scan/shapes";

// Longest value treated as a product code (product.code); longer 1-D content
// is still recorded as a scan, just not as a product.
const MAX_PRODUCT_CODE = 64;

export type RecordScanOptions = {
  /** As read or typed; kept as lib/scan/normalise-reading.ts says (see recordScan). */
  value: string;
  format?: BarcodeFormat | null;
  note?: string | null;
  /** The caller's session (body `session_id` or `scan_sid` cookie); a new one is opened if it is unusable. */
  sessionId?: string | null;
  /**
   * Chosen by the phone for a scan it may send more than once (the offline
   * queue): a scan with a known `clientId` is answered, not recorded again.
   */
  clientId?: string | null;
  now?: Date;
};

const scanInclude = {
  store: { select: { name: true } },
  invoice: { include: { vatLines: { orderBy: { id: "asc" } } } },
} as const satisfies Prisma.ScanInclude;

/**
 * Records one scan (docs/contract.md, "Scan decisions"):
 * - the value kept is the product code of what was read: a GTIN as Open
 *   Food Facts keys it (a UPC-E as its UPC-A, a UPC-A in 13 digits), or,
 *   when an active card holds the code as printed, the card's value
 *   (docs/decisions/027-one-reading-one-value.md);
 * - `kind` from the content, `card` when it equals an active card's value;
 * - a fatura is parsed into an Invoice (a malformed one keeps its parse error)
 *   and gets the store whose `tax_id` is the issuer's NIF;
 * - any other code gets the store of the latest earlier scan of the same
 *   value that had one (a card: its own store first);
 * - a barcode gets a bare product row; from then on every person without a
 *   preference for that code reads `dont_know` (computed by listPreferences,
 *   never written here: see there why);
 * - it goes into the caller's session while that is open, else a new one.
 *
 * All of it is one SQL statement, one round trip (docs/decisions/015-one-statement-scan.md;
 * a code a card may keep in another form than the product's costs one look before it),
 * kept in the database as the function `record_scan` (docs/decisions/018-scan-statement-planned-once.md):
 * what depends on the database (the card, the stores, the session) is
 * decided inside it. With a `clientId` it is idempotent: a resend writes
 * nothing and answers the scan already recorded (`replayed: true`), read in
 * a second round trip. The unique index on `client_id` decides, so
 * concurrent resends also end with one row.
 */
export async function recordScan({
  value: read,
  format = null,
  note = null,
  sessionId,
  clientId = null,
  now = new Date(),
}: RecordScanOptions) {
  const reading = { value: read, format };
  const value = await storedValue(reading);
  // The kind is the content's, except that an active card's value reads as a
  // card: both are worked out here, and the statement picks one.
  const kindIfCard = classifyCode({ value, format, isActiveCardValue: true });
  const kindIfNot = classifyCode({ value, format, isActiveCardValue: false });
  const invoice = kindIfNot === "fatura" ? invoiceFields(value) : null;

  const [row] = await db().$queryRaw<RecordedRow[]>(
    recordScanStatement({ value, format, note, sessionId, clientId, now, kindIfCard, kindIfNot, invoice }),
  );
  if (row) return { ...recordedJson(row, { value, format, note, now, invoice }), replayed: false };

  // Nothing written: the client id is taken, by an earlier send or a concurrent one.
  const earlier = clientId ? await findScanByClientId({ clientId, reading }) : null;
  if (!earlier) throw new Error("recordScan wrote no scan and found none");
  return earlier;
}

/**
 * What the scan keeps: the product code of the reading, unless an active
 * card holds the code as printed (a UPC-A in 12 digits, a UPC-E in 8), so
 * the scan of a card stays that card's. The statement matches one value, so
 * the card is looked for first, and only for a code a card may keep
 * otherwise than a product; any other scan is not held up.
 */
async function storedValue(reading: Reading): Promise<string> {
  const code = productCodeOf(reading);
  const printed = cardValuesOf(reading);
  if (printed.length === 0) return code;
  const card = await db().card.findFirst({
    where: { active: true, cardValue: { in: printed } },
    orderBy: { id: "desc" },
    select: { cardValue: true },
  });
  return card?.cardValue ?? code;
}

type InvoiceFields = {
  parseError: string | null;
  issuerNif: string | null;
  buyerNif: string | null;
  country: string | null;
  docType: string | null;
  docStatus: string | null;
  docDate: string | null;
  docId: string | null;
  atcud: string | null;
  totalTax: string | null;
  grossTotal: string | null;
  vatLines: VatLine[];
};

function invoiceFields(value: string): InvoiceFields {
  const parsed = parseFatura(value);
  const fields = parsed.ok ? parsed.invoice : parsed.partial;
  return {
    parseError: parsed.ok ? null : parsed.error,
    issuerNif: fields.issuerNif ?? null,
    buyerNif: fields.buyerNif ?? null,
    country: fields.country ?? null,
    docType: fields.docType ?? null,
    docStatus: fields.docStatus ?? null,
    docDate: fields.docDate ?? null,
    docId: fields.docId ?? null,
    atcud: fields.atcud ?? null,
    totalTax: fields.totalTax ?? null,
    grossTotal: fields.grossTotal ?? null,
    vatLines: fields.vatLines ?? [],
  };
}

type RecordedRow = {
  id: number;
  session_id: string;
  store_id: number | null;
  kind: ScanKind;
  store_name: string | null;
  invoice_id: number | null;
};

/**
 * The call of the scan's one statement, the `record_scan` function
 * (prisma/migrations/20261125100000_record_scan_function; its kinds and
 * format typed in 20261128184454_enum_columns): data-modifying
 * CTEs in which every write is guarded by "no scan holds this client id
 * yet", so a resend changes nothing: no product, no session bumped or
 * opened, no counter spent. A session and the scan that names it, or a scan
 * and its invoice, are inserted together; PostgreSQL checks the foreign keys
 * at the statement's end. It lives in the database so that each connection
 * plans it once (docs/decisions/018-scan-statement-planned-once.md).
 */
function recordScanStatement(input: {
  value: string;
  format: BarcodeFormat | null;
  note: string | null;
  sessionId: string | null | undefined;
  clientId: string | null;
  now: Date;
  kindIfCard: ScanKind;
  kindIfNot: ScanKind;
  invoice: InvoiceFields | null;
}): Prisma.Sql {
  const { value, format, note, sessionId, clientId, now, kindIfCard, kindIfNot, invoice } = input;
  return Prisma.sql`
    SELECT r_id AS id, r_session_id AS session_id, r_store_id AS store_id, r_kind AS kind,
           r_store_name AS store_name, r_invoice_id AS invoice_id
    FROM record_scan(
      p_value => ${value}::text,
      p_format => ${format}::barcode_format,
      p_note => ${note || null}::text,
      p_session_id => ${sessionId ?? null}::text,
      p_client_id => ${clientId}::text,
      p_now => ${now}::timestamptz,
      p_idle_since => ${new Date(now.getTime() - SESSION_IDLE_MS)}::timestamptz,
      p_day => ${yymmdd(now)}::text,
      p_secret => ${randomBytes(16).toString("base64url")}::text,
      p_kind_if_card => ${kindIfCard}::scan_kind,
      p_kind_if_not => ${kindIfNot}::scan_kind,
      p_product_code => ${value.length <= MAX_PRODUCT_CODE}::boolean,
      p_search_text => ${searchTextOf({ name: "", brand: "", code: value })}::text,
      p_invoice => ${invoice ? JSON.stringify(invoice) : null}::jsonb)`;
}

/**
 * The answer for a scan just written: the rows as the statement wrote them
 * (its ids, the rest from the input), shaped by the same functions as a
 * scan read back, so a fresh scan and a replay answer alike.
 */
function recordedJson(
  row: RecordedRow,
  written: {
    value: string;
    format: BarcodeFormat | null;
    note: string | null;
    now: Date;
    invoice: InvoiceFields | null;
  },
) {
  const { value, format, note, now, invoice } = written;
  const decimal = (amount: string | null) => (amount === null ? null : new Prisma.Decimal(amount));
  const invoiceId = row.invoice_id;
  return recordedScanJson({
    id: row.id,
    value,
    format,
    kind: row.kind,
    note: note || null,
    clientId: null,
    sessionId: row.session_id,
    storeId: row.store_id,
    createdAt: now,
    store: row.store_name === null ? null : { name: row.store_name },
    invoice:
      invoice && invoiceId !== null
        ? {
            id: invoiceId,
            scanId: row.id,
            storeId: row.store_id,
            raw: value,
            parseError: invoice.parseError,
            issuerNif: invoice.issuerNif,
            buyerNif: invoice.buyerNif,
            country: invoice.country,
            docType: invoice.docType,
            docStatus: invoice.docStatus,
            docDate: invoice.docDate ? new Date(`${invoice.docDate}T00:00:00Z`) : null,
            docId: invoice.docId,
            atcud: invoice.atcud,
            totalTax: decimal(invoice.totalTax),
            grossTotal: decimal(invoice.grossTotal),
            createdAt: now,
            vatLines: invoice.vatLines.map((line, index) => ({
              id: index,
              invoiceId,
              region: line.region,
              rate: line.rate,
              base: new Prisma.Decimal(line.base),
              vat: new Prisma.Decimal(line.vat),
            })),
          }
        : null,
  });
}

type ScanWithDetails = Prisma.ScanGetPayload<{ include: typeof scanInclude }>;

function recordedScanJson(scan: ScanWithDetails) {
  return { ...scanJson(scan), invoice: scan.invoice ? invoiceJson(scan.invoice) : null };
}

/** The scan recorded under `clientId`, or null; 409 when that id was used for another code. */
async function findScanByClientId({ clientId, reading }: { clientId: string; reading: Reading }) {
  const scan = await db().scan.findUnique({ where: { clientId }, include: scanInclude });
  if (!scan) return null;
  // The same code, whether it was kept as a card's or a product's.
  if (productCodeOf({ value: scan.value, format: reading.format }) !== productCodeOf(reading)) {
    throw new AppError("conflict", errorText("scan.clientIdReused", { id: clientId }));
  }
  return { ...recordedScanJson(scan), replayed: true };
}
