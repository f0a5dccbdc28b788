import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError, writeError } from "@/lib/http/errors";
import { startOfHouseholdDay } from "@/lib/household-clock";
import { cardPhotoType } from "@/lib/scan/card-photos";
import { NO_EXTRAS, parseWalletFile, type CardExtras } from "@/lib/scan/parse-wallet-file";
import { zipOf } from "@/tests/support/zip-files";

// The wallets besides Catima and the wallet CSV (docs/import-export.md):
// Voucher Vault's JSON, FidMe's zip, Apple Wallet's passes and bundles. First
// over files written here from each format's description
// (tests/fixtures/wallets/README.md), then over the real files those apps
// made, read where they lie in ../shared/corpora/catima/.

const FIXTURES = path.resolve("tests/fixtures/wallets");
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const extras = (given: Partial<CardExtras>): CardExtras => ({ ...NO_EXTRAS, ...given });

async function parsed(input: Uint8Array) {
  const file = await parseWalletFile(input);
  return {
    ...file,
    problems: file.problems.map((problem) => ({ ...problem, reason: writeError(problem.reason, "en") })),
  };
}

async function refusal(input: Uint8Array) {
  const error = await parseWalletFile(input).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, message: (error as AppError).message };
}

/** A `.pkpass`: pass.json beside the images a pass carries. */
/** A pass's logo: what it is is looked at when the card is imported, not here. */
const LOGO = new Uint8Array(64).fill(1);
const pkpass = (pass: unknown) => zipOf({ "pass.json": JSON.stringify(pass), "logo.png": LOGO, "manifest.json": "{}" });
const storeCard = () =>
  JSON.parse(new TextDecoder().decode(fixture("store-card.pass.json"))) as Record<string, unknown>;

describe("Voucher Vault's JSON export", () => {
  it("gives each voucher its shop, code and type, expiry day, value in euros and colour; the rest are reported", async () => {
    const file = await parsed(fixture("voucher-vault.json"));
    expect(file.kind).toBe("voucher_vault");
    expect(file.rows).toEqual([
      {
        line: 1,
        store: "Fnac",
        value: "6301987654321",
        format: "code_128",
        label: "",
        person: null,
        groups: [],
        extras: extras({
          expiry: startOfHouseholdDay("2027-01-31"),
          balance: "25.00",
          balanceCurrency: "EUR",
          headerColor: "#ffa500",
        }),
      },
      {
        line: 2,
        store: "Worten",
        value: "WRT-VALE-2026",
        format: "qr_code",
        label: "",
        person: null,
        groups: [],
        extras: extras({ balance: "10.50", balanceCurrency: "EUR", headerColor: "#ff0000" }),
      },
      {
        line: 3,
        store: "Padaria Lusitana",
        value: "PL 0042",
        format: "none",
        label: "",
        person: null,
        groups: [],
        extras: extras({ headerColor: "#888888" }),
      },
    ]);
    expect(file.problems).toEqual([
      { line: 4, store: "Livraria", value: "LIV-1", reason: "Its barcode type MAXICODE is not one Labs can draw." },
      {
        line: 5,
        store: null,
        value: null,
        reason: "This entry lacks a description, code or code type, as Voucher Vault writes them.",
      },
    ]);
  });

  it("refuses JSON that is not a list of vouchers, and JSON it cannot read, whole", async () => {
    const text = (value: string) => new TextEncoder().encode(value);
    expect(await refusal(text('{"cards": []}'))).toEqual({
      code: "validation_failed",
      message: "This JSON file is not a Voucher Vault export (a list of vouchers); nothing was imported.",
    });
    expect(await refusal(text('[{"description": "Fnac",'))).toEqual({
      code: "validation_failed",
      message: "This JSON file cannot be read; nothing was imported.",
    });
    expect(await refusal(text('["Fnac"]'))).toMatchObject({ code: "validation_failed" });
  });

  it("refuses JSON nested deeper than a voucher list before parsing it (JSON.parse cannot give way)", async () => {
    const deep = new TextEncoder().encode(`${"[".repeat(500_000)}${"]".repeat(500_000)}`);
    const notVouchers = {
      code: "validation_failed",
      message: "This JSON file is not a Voucher Vault export (a list of vouchers); nothing was imported.",
    };
    expect(await refusal(deep)).toEqual(notVouchers);
    const nested = new TextEncoder().encode('[{"description": "Fnac", "code": "1", "codeType": "QR", "x": [1]}]');
    expect(await refusal(nested)).toEqual(notVouchers);
    // Brackets inside a string (escaped quotes too) are text, not nesting.
    const quoted = await parsed(
      new TextEncoder().encode(JSON.stringify([{ description: '[[[Fnac "Chiado"]]]', code: "{1}", codeType: "QR" }])),
    );
    expect(quoted.rows.map((row) => [row.store, row.value])).toEqual([['[[[Fnac "Chiado"]]]', "{1}"]]);
  });

  it("reads Aztec codes, notes, a voucher without a code type as Code 128, and reports a day that is no day", async () => {
    const text = JSON.stringify([
      { description: "Cinema", code: "AZ-1", codeType: "AZTEC", expires: null, notes: "Sala 3\r\nFila F" },
      { description: "Mercearia", code: "MER-7", expires: null },
      { description: "Livraria", code: "LIV-2", codeType: "QR", expires: "2024-13-01T00:00:00.000" },
    ]);
    const file = await parsed(new TextEncoder().encode(text));
    expect(file.rows.map((row) => [row.store, row.format, row.extras.note])).toEqual([
      ["Cinema", "aztec", "Sala 3\nFila F"],
      ["Mercearia", "code_128", ""],
    ]);
    expect(file.problems).toEqual([
      {
        line: 3,
        store: "Livraria",
        value: "LIV-2",
        reason: "The expiry “2024-13-01T00:00:00.000” is not a date like 2026-12-31.",
      },
    ]);
  });

  it("stops at as many vouchers as an import may hold, counted before parsing", async () => {
    // Cut short: parsed first, it would be refused as unreadable; counted first, as too many.
    const many = JSON.stringify(
      Array.from({ length: 30 }, (_, index) => ({ description: `Loja ${index}`, code: `${index}`, codeType: "QR" })),
    ).slice(0, -1);
    const error = await parseWalletFile(new TextEncoder().encode(many), {
      maxRows: 20,
      tooManyRows: () => new AppError("payload_too_large", { key: "wallet.importTooManyRows", values: { max: 20 } }),
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("payload_too_large");
  });
});

describe("FidMe's export zip", () => {
  it("reads its loyalty programmes: shop, number, programme as label, holder as note; a card FidMe left without a number is reported", async () => {
    const zip = zipOf({
      "user_profile.csv": "ID;00000000-0000-4000-8000-000000000000\nEmail;ana@example.pt\n",
      "loyalty_programs.csv": fixture("fidme-loyalty_programs.csv"),
      "loyalty_points.csv": "Retailer;Program;Added At;Balance;Unit Label\n",
      "tickets.csv": "ID;Retailer Name;Purchased At;Price;Fids Earned\n",
    });
    const file = await parsed(zip);
    expect(file.kind).toBe("fidme");
    expect(file.rows).toEqual([
      {
        line: 2,
        store: "Pingo Doce",
        value: "2900123456785",
        format: null,
        label: "Poupa Mais",
        person: null,
        groups: [],
        extras: extras({ note: "Ana Silva" }),
      },
      {
        line: 3,
        store: "Continente",
        value: "4012345678901",
        format: null,
        label: "Cartão Continente",
        person: null,
        groups: [],
        extras: extras({}),
      },
    ]);
    expect(file.problems).toEqual([
      {
        line: 4,
        store: "IKEA",
        value: null,
        reason: "FidMe gave no number for this card (it removes the number of an expired card).",
      },
    ]);
  });

  it("refuses a FidMe zip whose card list lacks the number column", async () => {
    const zip = zipOf({ "loyalty_programs.csv": "Retailer;Program\nPingo Doce;Poupa Mais\n" });
    expect(await refusal(zip)).toEqual({
      code: "validation_failed",
      message: "This FidMe export's loyalty_programs.csv has no Reference column.",
    });
  });
});

describe("Apple Wallet passes", () => {
  it("reads a store card's barcode, encoding and printed number, shop, label, expiry, colour and balance", async () => {
    const file = await parsed(pkpass(storeCard()));
    expect(file).toEqual({
      kind: "pkpass",
      rows: [
        {
          line: 1,
          store: "Livraria Bertrand",
          value: "9912004500731",
          format: "pdf417",
          label: "Cartão oferta",
          person: null,
          groups: [],
          extras: extras({
            expiry: new Date("2027-06-30T22:59:00Z"),
            balance: "37.50",
            balanceCurrency: "EUR",
            headerColor: "#7a1c30",
            printedNumber: "9912 0045 0073 1",
            barcodeEncoding: "ISO-8859-1",
          }),
          photos: { icon: { name: "logo.png", bytes: expect.toSatisfy((bytes) => Buffer.from(LOGO).equals(bytes)) } },
        },
      ],
      problems: [],
    });
  });

  it("takes the older single barcode, archives a voided pass, and reports a pass without a barcode rather than inventing one", async () => {
    const { barcodes, ...rest } = storeCard();
    const older = await parsed(pkpass({ ...rest, barcode: (barcodes as unknown[])[0], voided: true }));
    expect(older.rows[0]).toMatchObject({ value: "9912004500731", format: "pdf417", extras: { archived: true } });

    const none = await parsed(pkpass(rest));
    expect(none).toMatchObject({
      rows: [],
      problems: [
        {
          line: 1,
          store: "Livraria Bertrand",
          value: null,
          reason: "This pass has no barcode; add the card by hand with its number.",
        },
      ],
    });
  });

  it("takes an expiry day alone as that day on the household's clock, and refuses a pass.json nested past any pass", async () => {
    const dayOnly = await parsed(pkpass({ ...storeCard(), expirationDate: "2027-07-01" }));
    expect(dayOnly.rows[0]!.extras.expiry).toEqual(new Date("2027-06-30T23:00:00Z"));
    const deep = zipOf({ "pass.json": `{"organizationName": "x", "a": ${"[".repeat(100_000)}${"]".repeat(100_000)}}` });
    expect((await parsed(deep)).problems).toEqual([
      { line: 1, store: null, value: null, reason: "The pass's pass.json cannot be read." },
    ]);
  });

  it("passes over what a Mac's Finder adds to a bundle it zips", async () => {
    const bundle = zipOf({
      "passes/": new Uint8Array(0),
      "first.pkpass": pkpass(storeCard()),
      "__MACOSX/._first.pkpass": new Uint8Array(120),
    });
    const file = await parsed(bundle);
    expect(file).toMatchObject({ kind: "pkpass", rows: [{ line: 1, store: "Livraria Bertrand" }], problems: [] });
  });

  it("reads each pass of a .pkpasses bundle, reporting one it cannot read", async () => {
    const second = { ...storeCard(), organizationName: "Bertrand Chiado" };
    const bundle = zipOf({
      "first.pkpass": pkpass(storeCard()),
      "second.pkpass": pkpass(second),
      "broken.pkpass": zipOf({ "logo.png": new Uint8Array(8) }),
    });
    const file = await parsed(bundle);
    expect(file.kind).toBe("pkpass");
    expect(file.rows.map((row) => [row.line, row.store])).toEqual([
      [1, "Livraria Bertrand"],
      [2, "Bertrand Chiado"],
    ]);
    expect(file.problems).toEqual([
      { line: 3, store: null, value: null, reason: "The pass broken.pkpass in the bundle cannot be read." },
    ]);
  });
});

// ─── the real files, where they lie ─────────────────────────────────────────

const CORPUS = path.resolve("../shared/corpora/catima");
const corpusHere = existsSync(CORPUS);
if (!corpusHere) console.warn(`wallet-formats: ${CORPUS} is missing, so the real files' tests are skipped`);

/** What the cards of a parsed file carry besides store and number, for the report. */
function fieldsOf(rows: Awaited<ReturnType<typeof parseWalletFile>>["rows"]): string[] {
  const kept = new Set<string>();
  for (const row of rows) {
    if (row.format) kept.add("format");
    if (row.label) kept.add("label");
    for (const [name, value] of Object.entries(row.extras))
      if (value !== null && value !== "" && value !== false) kept.add(name);
    for (const side of Object.keys(row.photos ?? {})) kept.add(`${side} picture`);
  }
  return [...kept].sort();
}

describe.skipIf(!corpusHere)("the files the apps made (../shared/corpora/catima)", () => {
  const read = async (name: string) => {
    const file = await parseWalletFile(new Uint8Array(readFileSync(path.join(CORPUS, name))));
    console.log(
      `${name}: ${file.kind}, ${file.rows.length} imported (${fieldsOf(file.rows).join(", ") || "store and number"}), ${file.problems.length} reported`,
    );
    return file;
  };

  it("reads Catima's own fixtures: the version 2 export's eight cards as Catima describes them, and version 1's", async () => {
    const v2 = await read("catima_v2.csv");
    expect(
      v2.rows.map((row) => [row.store, row.value, row.format, row.extras.printedNumber, row.extras.balance]),
    ).toEqual([
      ["Pharmacy", "dhshsvshs", "none", null, null],
      ["Card 1", "5432", "qr_code", "1234", "100.00"],
      ["cheese", "Käseschnitte", "aztec", null, null],
      ["Clothes Store", "a", "none", null, null],
      ["Department Store", "A", "none", null, null],
      ["Grocery Store", "dhd", "none", null, "150.00"],
      ["Restaurant", "23456", "code_128", "98765432", null],
      ["Shoe Store", "-5317", "aztec", "a", "12.50"],
    ]);
    const v1 = readdirSync(CORPUS).filter((name) => name.startsWith("catima_v1_"));
    expect(v1.length).toBeGreaterThan(0);
    for (const name of v1) {
      const file = await read(name);
      // A card of an unknown barcode type is the row's problem, as Catima refuses it.
      expect([file.rows.length, file.problems.length], name).toEqual(name.includes("invalid_colors") ? [0, 1] : [1, 0]);
    }
  });

  it("keeps Catima's example photos, zipped as its exporter names them, as the JPEGs they are", async () => {
    const front = new Uint8Array(readFileSync(path.join(CORPUS, "example-front.jpg")));
    const back = new Uint8Array(readFileSync(path.join(CORPUS, "example-back.jpg")));
    const zip = zipOf({
      "catima.csv": new Uint8Array(readFileSync(path.join(CORPUS, "catima_v2.csv"))),
      "card_1_front.png": front,
      "card_1_back.png": back,
    });
    const file = await parseWalletFile(zip);
    const card = file.rows.find((row) => row.store === "Card 1")!;
    expect(Buffer.from(front).equals(card.photos!.front!.bytes)).toBe(true);
    expect(Buffer.from(back).equals(card.photos!.back!.bytes)).toBe(true);
    expect([cardPhotoType(front), cardPhotoType(back)]).toEqual(["image/jpeg", "image/jpeg"]);
    console.log(`catima_v2.csv with example photos: ${fieldsOf(file.rows).join(", ")}`);
  });

  it("reads Voucher Vault's export: both vouchers, the gift card's value and expiry", async () => {
    const file = await read("vouchervault.json");
    expect(file.rows.map((row) => [row.store, row.value, row.format])).toEqual([
      ["Clothes Store", "123456", "code_128"],
      ["Department Store", "26846363", "code_39"],
    ]);
    expect(file.rows[1]!.extras).toMatchObject({
      balance: "3.50",
      balanceCurrency: "EUR",
      expiry: startOfHouseholdDay("2021-03-26"),
    });
    expect(file.problems).toEqual([]);
  });

  it("reads FidMe's export: three cards, and the one FidMe left without a number reported", async () => {
    const file = await read("fidme.zip");
    expect(file.rows.map((row) => [row.store, row.value, row.label])).toEqual([
      ["Hema", "82825292629272726", ""],
      ["test", "123456", "Test"],
      ["Albert Heijn", "123435363634", "Bonus Kaart"],
    ]);
    expect(file.problems.map((problem) => problem.store)).toEqual(["KFC"]);
  });

  it("reads every pass and bundle, and reports the pass that has no barcode", async () => {
    const passes = readdirSync(path.join(CORPUS, "pkpass"), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.pkpass(es)?$/.test(name))
      .sort();
    expect(passes.length).toBeGreaterThan(0);
    let imported = 0;
    let reported = 0;
    let icons = 0;
    for (const name of passes) {
      const file = await read(path.join("pkpass", name));
      expect(file.kind).toBe("pkpass");
      for (const row of file.rows) {
        expect(row.store).not.toBe("");
        expect(["qr_code", "aztec", "pdf417", "code_128"]).toContain(row.format);
        // A pass's logo is its card's icon, a PNG as PassKit requires.
        if (row.photos?.icon) expect(cardPhotoType(row.photos.icon.bytes), name).toBe("image/png");
        icons += row.photos?.icon ? 1 : 0;
      }
      imported += file.rows.length;
      reported += file.problems.length;
      if (name.includes("no_barcode")) expect(file.problems).toHaveLength(1);
    }
    console.log(
      `passes: ${imported} imported (${icons} with a logo as icon), ${reported} reported, from ${passes.length} files`,
    );
    expect(reported).toBe(1);
    expect(icons).toBeGreaterThan(0);
  });
});
