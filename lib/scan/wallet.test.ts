import { describe, expect, it } from "vitest";
import type { Card } from "@/lib/scan/schemas";
import { cardTail, groupCards, searchCards, storeHue, storeInitials, storeSiblings } from "@/lib/scan/wallet";

let nextId = 1;
function card(store: [number, string], person: [number, string], value: string, label = ""): Card {
  return {
    id: nextId++,
    store_id: store[0],
    store_name: store[1],
    person_id: person[0],
    person_name: person[1],
    card_value: value,
    card_format: "code_128",
    label,
    note: "",
    valid_from: null,
    expiry: null,
    balance: null,
    balance_currency: null,
    header_color: null,
    starred: false,
    archived: false,
    last_used_at: null,
    printed_number: null,
    barcode_encoding: null,
    photos: { front: null, back: null, icon: null },
    created_at: "2025-01-01T00:00:00.000Z",
  };
}

const pingo: [number, string] = [1, "Pingo Doce"];
const continente: [number, string] = [2, "Continente"];
const lidl: [number, string] = [3, "Lidl"];
const ana: [number, string] = [10, "Ana"];
const rui: [number, string] = [11, "rui"];
const ines: [number, string] = [12, "Inês"];

const cards = [
  card(pingo, rui, "1111"),
  card(continente, ana, "2501 2345 678", "Cartão Família"),
  card(lidl, ana, "LIDL-9"),
  card(pingo, ana, "3333"),
  card(continente, ines, "4444"),
  card(continente, ana, "5555", "Antigo"),
];

describe("groupCards", () => {
  it("groups by person (by name, any case or accent), each person's cards by store then label", () => {
    const groups = groupCards(cards);
    expect(groups.map((group) => group.personName)).toEqual(["Ana", "Inês", "rui"]);
    expect(groups[0]!.cards.map((c) => [c.store_name, c.label])).toEqual([
      ["Continente", "Antigo"],
      ["Continente", "Cartão Família"],
      ["Lidl", ""],
      ["Pingo Doce", ""],
    ]);
  });

  it("puts a person's starred cards first", () => {
    const starred = { ...card(pingo, ana, "7777"), starred: true };
    const groups = groupCards([...cards, starred]);
    expect(groups[0]!.cards.map((c) => c.card_value)).toEqual(["7777", "5555", "2501 2345 678", "LIDL-9", "3333"]);
  });

  it("gives no groups for no cards", () => {
    expect(groupCards([])).toEqual([]);
  });
});

describe("searchCards", () => {
  const values = (query: string) => searchCards(cards, query).map((c) => c.card_value);

  it("finds by store, ignoring case and accents", () => {
    expect(values("CONTI")).toEqual(["2501 2345 678", "4444", "5555"]);
  });

  it("finds by label and by person", () => {
    expect(values("cartao familia")).toEqual(["2501 2345 678"]);
    expect(values("ines")).toEqual(["4444"]);
  });

  it("needs every word to match", () => {
    expect(values("pingo ana")).toEqual(["3333"]);
    expect(values("pingo ines")).toEqual([]);
  });

  it("finds by card number with or without its spaces", () => {
    expect(values("25012345")).toEqual(["2501 2345 678"]);
    expect(values("2345 678")).toEqual(["2501 2345 678"]);
    expect(values("lidl-9")).toEqual(["LIDL-9"]);
  });

  it("finds by a word of the note and by the printed number", () => {
    const gift = { ...card(lidl, rui, "998877"), note: "Presente de anos\nPIN 1234", printed_number: "5000 1111" };
    expect(searchCards([...cards, gift], "anos").map((c) => c.card_value)).toEqual(["998877"]);
    expect(searchCards([...cards, gift], "50001111").map((c) => c.card_value)).toEqual(["998877"]);
  });

  it("returns every card for an empty query", () => {
    expect(searchCards(cards, "   ")).toHaveLength(cards.length);
  });
});

describe("storeSiblings", () => {
  it("lists the cards of the same store in wallet order, whoever holds them", () => {
    const first = cards[1]!;
    expect(storeSiblings(cards, first).map((c) => [c.person_name, c.card_value])).toEqual([
      ["Ana", "5555"],
      ["Ana", "2501 2345 678"],
      ["Inês", "4444"],
    ]);
  });
});

describe("tile helpers", () => {
  it("shows short values whole and long ones by their last four characters", () => {
    expect(cardTail("12 34")).toBe("1234");
    expect(cardTail("2501 2345 678")).toBe("•••• 5678");
  });

  it("gives a store the same hue whatever the case or accents", () => {
    expect(storeHue("Pingo Doce")).toBe(storeHue("PINGO DOCE"));
    expect(storeHue("Pão")).toBe(storeHue("pao"));
    expect(storeHue("Lidl")).toBeGreaterThanOrEqual(0);
    expect(storeHue("Lidl")).toBeLessThan(360);
  });

  it("takes two initials", () => {
    expect(storeInitials("Pingo Doce")).toBe("PD");
    expect(storeInitials("lidl")).toBe("LI");
    expect(storeInitials("")).toBe("?");
  });
});
