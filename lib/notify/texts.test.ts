import { describe, expect, it } from "vitest";
import { composeMessage, type NotifyEvent } from "@/lib/notify/texts";

let nextId = 1n;
function event(type: string, data: Record<string, unknown>, url = "/"): NotifyEvent {
  const id = nextId++;
  return { id, type, subject: { kind: "thing", id: Number(id), url }, data };
}

const shopDrop = (name: string) =>
  event(
    "price.dropped",
    {
      product_name: name,
      code: "5601234567890",
      store_name: "Pingo Doce",
      currency: "EUR",
      old_price: "2.49",
      new_price: "1.99",
      drop_pct: 20.1,
    },
    "/base-scan/prices?code=5601234567890",
  );

describe("what a notification says", () => {
  it("tells one price drop by name, both prices in the reader's money format, and opens its page", () => {
    const message = composeMessage([shopDrop("Leite meio-gordo")], "pt-PT");
    expect(message.title).toBe("Preço desceu: Leite meio-gordo");
    // Intl puts a no-break space before the euro sign.
    expect(message.body.replace(/\u00a0/g, " ")).toBe("2,49 € → 1,99 € em Pingo Doce");
    expect(message.url).toBe("/base-scan/prices?code=5601234567890");
    expect(message.count).toBe(1);
    expect(composeMessage([shopDrop("Milk")], "en").body).toBe("€2.49 → €1.99 at Pingo Doce");
  });

  it("gathers several of one type into a count with the first names, opening the list", () => {
    const message = composeMessage(["A", "B", "C", "D", "E", "F", "G"].map(shopDrop), "pt-PT");
    expect(message.title).toBe("7 preços desceram");
    expect(message.body).toBe("A, B, C e mais 4");
    expect(message.url).toBe("/");
    expect(message.count).toBe(7);
  });

  it("gathers types that differ as updates from Labs", () => {
    const message = composeMessage(
      [shopDrop("Pão"), event("todo.created", { text: "Arranjar a torneira" }, "/base-ask/queue/4")],
      "en",
    );
    expect(message.title).toBe("2 updates from Labs");
    expect(message.body).toBe("Pão, Arranjar a torneira");
  });

  it("carries no card number, NIF or invoice detail an event's data may hold", () => {
    const leaky = event("price.dropped", {
      product_name: "Café",
      store_name: "Continente",
      currency: "EUR",
      old_price: "5.00",
      new_price: "4.00",
      card_number: "9990001112223",
      nif: "123456789",
      invoice: "FT 2026/123 ATCUD:ABC-1",
    });
    const message = JSON.stringify([composeMessage([leaky], "pt-PT"), composeMessage([leaky, leaky], "en")]);
    for (const secret of ["9990001112223", "123456789", "ATCUD", "FT 2026"]) expect(message).not.toContain(secret);
  });

  it("cuts long texts to what a phone shows", () => {
    const message = composeMessage([event("todo.created", { text: "x".repeat(1000) })], "en");
    expect(message.body.length).toBeLessThanOrEqual(160);
    expect(message.body.endsWith("…")).toBe(true);
  });
});
