import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createCard, deleteCard, listCards, markCardUsed } from "@/lib/scan/cards";
import { exportWallet } from "@/lib/scan/export-cards";
import { importCards } from "@/lib/scan/import-cards";
import type { Card } from "@/lib/scan/schemas";
import { createStore } from "@/lib/scan/stores";

// A wallet exported and imported back keeps every field its file can carry
// (docs/import-export.md): Catima's zip all of them, the wallet CSV its
// columns. Each run here exports this file's own cards, deletes them, and
// imports the download into the emptied wallet.

async function walletOf(): Promise<Card[]> {
  const { cards } = await listCards({ limit: 500 });
  return cards.sort((a, b) => a.card_value.localeCompare(b.card_value));
}

/** A card as a file brings it back: everything but its id, the time it was added, and what `leave` names. */
const kept = (cards: Card[], leave: (keyof Card)[] = []) =>
  cards.map((card) => {
    const copy: Partial<Card> = { ...card };
    for (const key of ["id", "store_id", "created_at", ...leave] as const) delete copy[key];
    return copy;
  });

async function addWallet(): Promise<Card[]> {
  await db().card.updateMany({ where: { active: true }, data: { active: null, deletedAt: new Date() } });
  const tag = randomUUID().slice(0, 6);
  const store = async (name: string) => (await createStore({ name: `${name} ${tag}` })).store.id;
  await createCard({
    storeId: await store("Fnac"),
    personName: "Ana",
    cardValue: "GIFT-0001",
    cardFormat: "qr_code",
    label: "Prenda",
    note: "Da avó\nPIN 4321",
    validFrom: new Date("2026-01-01T00:00:00Z"),
    expiry: new Date("2030-06-30T23:00:00Z"),
    balance: "25.50",
    balanceCurrency: "EUR",
    headerColor: "#1a73e8",
    starred: true,
    printedNumber: "5000 0001",
    barcodeEncoding: "ISO-8859-1",
  });
  const points = await createCard({
    storeId: await store("Continente"),
    personName: "Rui",
    cardValue: "4006381333931",
    cardFormat: "ean_13",
    balance: "120",
    balanceCurrency: "points",
    archived: true,
  });
  await markCardUsed({ id: points.id });
  await createCard({
    storeId: await store("Ginásio"),
    personName: "Ana",
    cardValue: "SOCIO 42",
    cardFormat: "none",
  });
  return walletOf();
}

async function emptyWallet(cards: Card[]): Promise<void> {
  for (const card of cards) await deleteCard({ id: card.id });
}

async function download(format: "catima" | "csv"): Promise<Uint8Array> {
  return new Uint8Array(await exportWallet({ format }).arrayBuffer());
}

describe("a wallet exported and imported back", () => {
  it("keeps every field through Catima's zip", async () => {
    const before = await addWallet();
    const file = await download("catima");
    await emptyWallet(before);
    const result = await importCards({ file, person: null, origin: { kind: "operator" }, dryRun: false });
    expect(result.errors).toEqual([]);
    expect(result.add).toHaveLength(3);
    // Catima keeps the last use to the second.
    const seconds = (cards: Card[]) =>
      kept(cards).map((card) => ({
        ...card,
        last_used_at: card.last_used_at
          ? new Date(Math.floor(Date.parse(card.last_used_at) / 1000) * 1000).toISOString()
          : null,
      }));
    expect(seconds(await walletOf())).toEqual(seconds(before));
  });

  it("keeps the wallet CSV's columns through it", async () => {
    const before = await addWallet();
    const file = await download("csv");
    await emptyWallet(before);
    const result = await importCards({ file, person: null, origin: { kind: "operator" }, dryRun: false });
    expect(result.errors).toEqual([]);
    // What the CSV has no column for comes back as a new card has it.
    const notInCsv: (keyof Card)[] = [
      "valid_from",
      "header_color",
      "starred",
      "archived",
      "last_used_at",
      "printed_number",
      "barcode_encoding",
    ];
    expect(kept(await walletOf(), notInCsv)).toEqual(kept(before, notInCsv));
  });

  it("leaves the database as it was when the import is a dry run", async () => {
    const before = await addWallet();
    const file = await download("catima");
    await emptyWallet(before);
    const plan = await importCards({ file, person: null, origin: { kind: "operator" }, dryRun: true });
    expect(plan.add.map((row) => [row.card_value, row.balance, row.balance_currency, row.card_format])).toEqual([
      ["4006381333931", "120.00", "points", "ean_13"],
      ["GIFT-0001", "25.50", "EUR", "qr_code"],
      ["SOCIO 42", null, null, null],
    ]);
    expect(await db().card.count({ where: { active: true } })).toBe(0);
  });
});
