import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import { classifyCode } from "@/lib/scan/classify-code";
import { parseFatura } from "@/lib/scan/parse-fatura";
import { ensureProduct } from "@/lib/scan/products";
import { resolveScanSession } from "@/lib/scan/scan-session";
import { invoiceJson, scanJson } from "@/lib/scan/shapes";

// Longest value treated as a product code (product.code); longer 1-D content
// is still recorded as a scan, just not as a product.
const MAX_PRODUCT_CODE = 64;

export type RecordScanOptions = {
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
 * - `kind` from the content, `card` when it equals an active card's value;
 * - a fatura is parsed into an Invoice (a malformed one keeps its parse error)
 *   and gets the store whose `tax_id` is the issuer's NIF;
 * - any other code gets the store of the latest earlier scan of the same
 *   value that had one (a card: its own store first);
 * - a barcode gets a bare product row; from then on every person without a
 *   preference for that code reads `dont_know` (computed by listPreferences,
 *   never written here: see there why).
 *
 * With a `clientId` it is idempotent: a resend answers the scan already
 * recorded (`replayed: true`). The unique index on `client_id` decides, so
 * concurrent resends also end with one row; the lookup first only spares a
 * plain resend the work.
 */
export async function recordScan({
  value,
  format = null,
  note = null,
  sessionId,
  clientId = null,
  now = new Date(),
}: RecordScanOptions) {
  if (clientId) {
    const earlier = await findScanByClientId({ clientId, value });
    if (earlier) return earlier;
  }

  const card = await db().card.findFirst({
    where: { cardValue: value, active: true },
    orderBy: { id: "desc" },
    select: { storeId: true },
  });
  const kind = classifyCode({ value, format, isActiveCardValue: card !== null });

  let storeId: number | null = null;
  let invoice: Prisma.InvoiceCreateWithoutScanInput | undefined;
  if (kind === "fatura") {
    const parsed = parseFatura(value);
    const fields = parsed.ok ? parsed.invoice : parsed.partial;
    if (fields.issuerNif) {
      const store = await db().store.findFirst({
        where: { taxId: fields.issuerNif },
        orderBy: { id: "asc" },
        select: { id: true },
      });
      storeId = store?.id ?? null;
    }
    invoice = {
      raw: value,
      parseError: parsed.ok ? null : parsed.error,
      issuerNif: fields.issuerNif ?? null,
      buyerNif: fields.buyerNif ?? null,
      country: fields.country ?? null,
      docType: fields.docType ?? null,
      docStatus: fields.docStatus ?? null,
      docDate: fields.docDate ? new Date(`${fields.docDate}T00:00:00Z`) : null,
      docId: fields.docId ?? null,
      atcud: fields.atcud ?? null,
      totalTax: fields.totalTax ?? null,
      grossTotal: fields.grossTotal ?? null,
      ...(storeId ? { store: { connect: { id: storeId } } } : {}),
      vatLines: { create: (fields.vatLines ?? []).map((line) => ({ ...line })) },
    };
  } else {
    storeId = card?.storeId ?? (await previousStoreId(value));
  }

  if (kind === "barcode" && value.length <= MAX_PRODUCT_CODE) {
    await ensureProduct({ code: value });
  }

  const session = await resolveScanSession({ candidate: sessionId, now });
  let scan;
  try {
    scan = await db().scan.create({
      data: {
        value,
        format: format ?? "",
        kind,
        note: note || null,
        clientId,
        sessionId: session,
        storeId,
        createdAt: now,
        ...(invoice ? { invoice: { create: invoice } } : {}),
      },
      include: scanInclude,
    });
  } catch (error) {
    // Lost the race to a concurrent resend: the scan and its invoice were
    // rolled back together, the winner's row is the answer.
    const earlier = clientId && isUniqueViolation(error) ? await findScanByClientId({ clientId, value }) : null;
    if (earlier) return earlier;
    throw error;
  }
  return { ...recordedScanJson(scan), replayed: false };
}

type ScanWithDetails = Prisma.ScanGetPayload<{ include: typeof scanInclude }>;

function recordedScanJson(scan: ScanWithDetails) {
  return { ...scanJson(scan), invoice: scan.invoice ? invoiceJson(scan.invoice) : null };
}

/** The scan recorded under `clientId`, or null; 409 when that id was used for another value. */
async function findScanByClientId({ clientId, value }: { clientId: string; value: string }) {
  const scan = await db().scan.findUnique({ where: { clientId }, include: scanInclude });
  if (!scan) return null;
  if (scan.value !== value) {
    throw new AppError("conflict", errorText("scan.clientIdReused", { id: clientId }));
  }
  return { ...recordedScanJson(scan), replayed: true };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "P2002";
}

async function previousStoreId(value: string): Promise<number | null> {
  const previous = await db().scan.findFirst({
    where: { value, storeId: { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { storeId: true },
  });
  return previous?.storeId ?? null;
}
