import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pngOf } from "@/tests/support/images";
import { api } from "./client";
import { unique } from "@/tests/support/factories";

// A card's pictures (docs/decisions/028-card-photos.md): its front, back and
// icon, kept as the image they are, served back with their own type, never
// as anything a browser would run.

type Photos = { front: string | null; back: string | null; icon: string | null };
type Card = { id: number; photos: Photos };

async function addCard(): Promise<Card> {
  const store = await api<{ store_id: number }>("/base-scan/api/stores", {
    method: "POST",
    json: { name: unique("Fnac") },
  });
  const { status, data } = await api<{ card: Card }>(`/base-scan/api/stores/${store.data.store_id}/cards`, {
    method: "POST",
    json: { person_name: "Ana", card_value: randomUUID().slice(0, 12) },
  });
  expect(status).toBe(200);
  return data.card;
}

const put = (id: number, side: string, body: Uint8Array | string, type = "image/png") =>
  api<{ card: Card }>(`/base-scan/api/cards/${id}/photos/${side}`, {
    method: "PUT",
    headers: { "content-type": type },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });

async function fetchPhoto(url: string) {
  const { baseUrl } = await import("./client");
  const response = await fetch(`${baseUrl}${url}`);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("a card's photos", () => {
  it("keeps a front and a back, serves each as the image it is, and answers them with the card", async () => {
    const card = await addCard();
    expect(card.photos).toEqual({ front: null, back: null, icon: null });
    const front = pngOf(40, 25, [200, 30, 30]);
    const back = pngOf(40, 25, [30, 30, 200]);

    const added = await put(card.id, "front", front, "application/octet-stream");
    expect(added.status).toBe(200);
    expect(added.data.card.photos.front).toMatch(new RegExp(`^/base-scan/api/cards/${card.id}/photos/front\\?v=\\w+$`));
    expect((await put(card.id, "back", back)).status).toBe(200);

    const { data } = await api<{ card: Card }>(`/base-scan/api/cards/${card.id}`);
    expect(data.card.photos.icon).toBeNull();
    const served = await fetchPhoto(data.card.photos.front!);
    expect(served.response.status).toBe(200);
    expect(served.response.headers.get("content-type")).toBe("image/png");
    expect(served.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.response.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(served.bytes).equals(Buffer.from(front))).toBe(true);
    expect(Buffer.from((await fetchPhoto(data.card.photos.back!)).bytes).equals(Buffer.from(back))).toBe(true);

    const listed = await api<{ cards: Card[] }>("/base-scan/api/cards?limit=500");
    expect(listed.data.cards.find((each) => each.id === card.id)?.photos).toEqual(data.card.photos);
  });

  it("gives a replaced photo a new address, and drops one on DELETE", async () => {
    const card = await addCard();
    const first = (await put(card.id, "front", pngOf(10, 10, [1, 2, 3]))).data.card.photos.front!;
    const second = (await put(card.id, "front", pngOf(10, 10, [4, 5, 6]))).data.card.photos.front!;
    expect(second).not.toBe(first);
    expect(Array.from((await fetchPhoto(second)).bytes)).toEqual(Array.from(pngOf(10, 10, [4, 5, 6])));

    const dropped = await api<{ card: Card }>(`/base-scan/api/cards/${card.id}/photos/front`, { method: "DELETE" });
    expect(dropped.status).toBe(200);
    expect(dropped.data.card.photos.front).toBeNull();
    expect((await fetchPhoto(second)).response.status).toBe(404);
    // Dropping a photo the card does not have is no error.
    expect((await api(`/base-scan/api/cards/${card.id}/photos/back`, { method: "DELETE" })).status).toBe(200);
  });

  it("refuses what is not a PNG, JPEG or WebP picture, whatever it says it is, and keeps nothing", async () => {
    const card = await addCard();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`;
    for (const [body, type] of [
      [svg, "image/svg+xml"],
      [svg, "image/png"],
      ["<html><script>alert(1)</script></html>", "image/jpeg"],
      ["GIF89a……", "image/gif"],
      ["", "image/png"],
    ] as const) {
      const refused = await put(card.id, "front", body, type);
      expect(refused.status, `${type}: ${body.slice(0, 20)}`).toBe(415);
      expect(refused.data).toMatchObject({ ok: false, error: { code: "unsupported_media_type" } });
    }
    const { data } = await api<{ card: Card }>(`/base-scan/api/cards/${card.id}`);
    expect(data.card.photos.front).toBeNull();
  });

  it("refuses a photo over 4 MiB with 413, and a side, card or deleted card it does not know", async () => {
    const card = await addCard();
    const large = new Uint8Array(4 * 1024 * 1024 + 1);
    large.set(pngOf(1, 1, [0, 0, 0]));
    const tooLarge = await put(card.id, "front", large);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.data).toMatchObject({ error: { message: "A photo may be at most 4 MiB." } });

    expect((await put(card.id, "spine", pngOf(2, 2, [0, 0, 0]))).status).toBe(400);
    expect((await put(2_000_000_000, "front", pngOf(2, 2, [0, 0, 0]))).status).toBe(404);

    const url = (await put(card.id, "back", pngOf(2, 2, [9, 9, 9]))).data.card.photos.back!;
    expect((await api(`/base-scan/api/cards/${card.id}/delete`, { method: "POST" })).status).toBe(200);
    expect((await fetchPhoto(url)).response.status).toBe(404);
    expect((await put(card.id, "front", pngOf(2, 2, [0, 0, 0]))).status).toBe(404);
  });
});
