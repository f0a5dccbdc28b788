import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import { classifyCode } from "@/lib/scan/classify-code";
import { parseFatura } from "@/lib/scan/parse-fatura";
import { createDontKnowPreferences } from "@/lib/scan/preferences";
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
  now?: Date;
};

/**
 * Records one scan (seed part 2, DESIGN §4 "Scan service"):
 * - `kind` from the content, `card` when it equals an active card's value;
 * - a fatura is parsed into an Invoice (a malformed one keeps its parse error)
 *   and gets the store whose `tax_id` is the issuer's NIF;
 * - any other code gets the store of the latest earlier scan of the same
 *   value that had one (a card: its own store first);
 * - a barcode gets a bare product row and a `dont_know` preference for every
 *   person who has none for that code.
 */
export async function recordScan({
  value,
  format = null,
  note = null,
  sessionId,
  now = new Date(),
}: RecordScanOptions) {
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
    await createDontKnowPreferences({ code: value });
  }

  const session = await resolveScanSession({ candidate: sessionId, now });
  const scan = await db().scan.create({
    data: {
      value,
      format: format ?? "",
      kind,
      note: note || null,
      sessionId: session,
      storeId,
      createdAt: now,
      ...(invoice ? { invoice: { create: invoice } } : {}),
    },
    include: { store: { select: { name: true } }, invoice: { include: { vatLines: { orderBy: { id: "asc" } } } } },
  });
  return { ...scanJson(scan), invoice: scan.invoice ? invoiceJson(scan.invoice) : null };
}

async function previousStoreId(value: string): Promise<number | null> {
  const previous = await db().scan.findFirst({
    where: { value, storeId: { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { storeId: true },
  });
  return previous?.storeId ?? null;
}
