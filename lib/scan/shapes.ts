import type {
  Card,
  CardPhoto,
  CardSpend,
  Invoice,
  InvoiceVatLine,
  Person,
  Product,
  Scan,
  Store,
} from "@/lib/generated/prisma/client";
import { CARD_PHOTO_SIDES, type BarcodeTextEncoding, type CardPhotoSide } from "@/lib/scan/schemas";

// What leaves the server: snake_case fields, ISO UTC timestamps, Decimals as
// strings with two decimals ("12.50"). One function per resource so every
// endpoint answers with the same shape.

type DecimalLike = { toFixed(digits: number): string };

export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function money(value: DecimalLike): string;
export function money(value: DecimalLike | null): string | null;
export function money(value: DecimalLike | null): string | null {
  return value === null ? null : value.toFixed(2);
}

export function storeJson(store: Pick<Store, "id" | "name" | "country" | "taxId">) {
  return { id: store.id, name: store.name, country: store.country, tax_id: store.taxId };
}

export type CardWithOwner = Card & {
  store: Pick<Store, "name">;
  person: Pick<Person, "name">;
  photos: Pick<CardPhoto, "side" | "updatedAt">[];
};

export function cardJson(card: CardWithOwner) {
  return {
    id: card.id,
    store_id: card.storeId,
    store_name: card.store.name,
    person_id: card.personId,
    person_name: card.person.name,
    card_value: card.cardValue,
    card_format: card.cardFormat,
    label: card.label,
    note: card.note,
    valid_from: iso(card.validFrom),
    expiry: iso(card.expiry),
    balance: money(card.balance),
    balance_currency: card.balanceCurrency,
    header_color: card.headerColor,
    starred: card.starred,
    archived: card.archived,
    last_used_at: iso(card.lastUsedAt),
    printed_number: card.printedNumber,
    barcode_encoding: card.barcodeEncoding as BarcodeTextEncoding | null,
    photos: cardPhotoUrls(card.id, card.photos),
    created_at: iso(card.createdAt),
  };
}

/**
 * Each picture's address, or null. The address changes with the picture
 * (its time, as `v`), so a browser may keep one as long as it likes.
 */
export function cardPhotoUrls(cardId: number, photos: Pick<CardPhoto, "side" | "updatedAt">[]) {
  const urls = Object.fromEntries(CARD_PHOTO_SIDES.map((side) => [side, null])) as Record<CardPhotoSide, string | null>;
  for (const photo of photos) {
    if (!(CARD_PHOTO_SIDES as readonly string[]).includes(photo.side)) continue;
    urls[photo.side as CardPhotoSide] =
      `/base-scan/api/cards/${cardId}/photos/${photo.side}?v=${photo.updatedAt.getTime().toString(36)}`;
  }
  return urls;
}

export function cardSpendJson(spend: CardSpend) {
  return { id: spend.id, amount: money(spend.amount), note: spend.note, at: iso(spend.at) };
}

export type ScanWithStore = Scan & { store: Pick<Store, "name"> | null };

export function scanJson(scan: ScanWithStore) {
  return {
    id: scan.id,
    value: scan.value,
    // Stored as null when the reader gave none; the wire has always said "".
    format: scan.format ?? "",
    kind: scan.kind,
    note: scan.note,
    session_id: scan.sessionId,
    store_id: scan.storeId,
    store_name: scan.store?.name ?? null,
    created_at: iso(scan.createdAt),
  };
}

export type InvoiceWithLines = Invoice & { vatLines: InvoiceVatLine[] };

export function invoiceJson(invoice: InvoiceWithLines) {
  return {
    id: invoice.id,
    scan_id: invoice.scanId,
    store_id: invoice.storeId,
    parse_error: invoice.parseError,
    issuer_nif: invoice.issuerNif,
    buyer_nif: invoice.buyerNif,
    country: invoice.country,
    doc_type: invoice.docType,
    doc_status: invoice.docStatus,
    doc_date: invoice.docDate ? invoice.docDate.toISOString().slice(0, 10) : null,
    doc_id: invoice.docId,
    atcud: invoice.atcud,
    total_tax: money(invoice.totalTax),
    gross_total: money(invoice.grossTotal),
    vat_lines: invoice.vatLines.map((line) => ({
      region: line.region,
      rate: line.rate,
      base: money(line.base),
      vat: money(line.vat),
    })),
    created_at: iso(invoice.createdAt),
  };
}

export function productJson(product: Product) {
  return {
    id: product.id,
    code: product.code,
    name: product.name,
    brand: product.brand,
    quantity: product.quantity,
    image_url: product.imageUrl,
    categories: product.categories,
    source: product.source,
    off_status: product.offStatus,
    enriched_at: iso(product.enrichedAt),
    created_at: iso(product.createdAt),
    updated_at: iso(product.updatedAt),
  };
}
