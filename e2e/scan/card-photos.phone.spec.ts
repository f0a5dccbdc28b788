import type { Card } from "../../lib/scan/schemas";
import { pngOf } from "../../tests/support/images";
import { expect, test } from "../fixtures";
import { unique } from "./helpers";

// A card's photos on a phone, in Portuguese (docs/decisions/028-card-photos.md):
// taken or chosen in its edit sheet, made small on the phone before they are
// sent, shown at the till and opened whole with a tap, replaced and removed;
// an imported icon takes the place of the store's initials on its tile.

test.use({ locale: "pt-PT" });

test("a card's front and back are added, shown at the till, opened and removed", async ({ page, api }) => {
  // Three sheets and a dozen answers: more than one page's default when the machine is busy.
  test.setTimeout(90_000);
  const storeName = unique("Decathlon");
  const store = await api.post<{ store_id: number }>("/base-scan/api/stores", { name: storeName });
  const added = await api.post<{ card: Card }>(`/base-scan/api/stores/${store.data.store_id}/cards`, {
    person_name: unique("Inês"),
    card_value: "5601234567892",
    card_format: "ean_13",
  });
  const card = added.data.card;

  await page.goto(`/base-scan/?card=${card.id}`);
  const checkout = page.getByRole("dialog", { name: `Cartão de cliente ${storeName}` });
  await checkout.getByRole("button", { name: "Editar" }).click();
  const edit = page.getByRole("dialog", { name: `Editar cartão · ${storeName}` });
  const front = edit.getByRole("group", { name: "Frente" });
  const back = edit.getByRole("group", { name: "Verso" });
  await expect(front.getByText("Sem fotografia")).toBeVisible();

  // A phone's picture, 4000 px wide: sent as a JPEG at most 1600 px on its long side.
  await front.getByLabel("Adicionar fotografia").setInputFiles({
    name: "frente.png",
    mimeType: "image/png",
    buffer: Buffer.from(pngOf(4000, 2520, [30, 90, 200])),
  });
  const frontPhoto = front.getByRole("img", { name: `Frente do cartão ${storeName}` });
  await expect(frontPhoto).toBeVisible();
  await expect.poll(() => frontPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1600);
  const stored = (await api.get<{ card: Card }>(`/base-scan/api/cards/${card.id}`)).data.card;
  const served = await page.request.get(stored.photos.front!);
  expect(served.headers()["content-type"]).toBe("image/jpeg");

  // What is not a picture is refused in words, and nothing is sent.
  await back.getByLabel("Adicionar fotografia").setInputFiles({
    name: "notas.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("não sou uma imagem"),
  });
  await expect(edit.getByRole("alert")).toHaveText(/Não é possível ler esta imagem/);
  await back.getByLabel("Adicionar fotografia").setInputFiles({
    name: "verso.png",
    mimeType: "image/png",
    buffer: Buffer.from(pngOf(800, 504, [230, 230, 230])),
  });
  await expect(back.getByRole("img", { name: `Verso do cartão ${storeName}` })).toBeVisible();
  await expect(edit.getByRole("alert")).toBeHidden();
  await page.screenshot({ path: "test-results/screenshots/scan-card-photos-edit.png", fullPage: true });

  await edit.getByRole("button", { name: "Fechar" }).first().click();
  await expect(edit).toBeHidden();
  const photos = checkout.getByRole("list", { name: "Fotografias" });
  await expect(photos.getByRole("button")).toHaveCount(2);
  await page.screenshot({ path: "test-results/screenshots/scan-checkout-photos.png" });
  await photos.getByRole("button", { name: "Mostrar verso" }).click();
  const whole = page.getByRole("dialog", { name: "Verso" });
  await expect(whole.getByRole("img", { name: `Verso do cartão ${storeName}` })).toBeVisible();
  await whole.getByRole("button", { name: "Fechar" }).click();
  await expect(whole).toBeHidden();

  // Replaced: a new address; removed: gone from the till too.
  await checkout.getByRole("button", { name: "Editar" }).click();
  const before = await frontPhoto.getAttribute("src");
  await front.getByLabel("Substituir").setInputFiles({
    name: "outra.png",
    mimeType: "image/png",
    buffer: Buffer.from(pngOf(600, 378, [10, 120, 40])),
  });
  await expect(frontPhoto).not.toHaveAttribute("src", before!);
  await back.getByRole("button", { name: "Remover" }).click();
  await expect(back.getByText("Sem fotografia")).toBeVisible();
  await edit.getByRole("button", { name: "Fechar" }).first().click();
  await expect(photos.getByRole("button")).toHaveCount(1);
  expect((await api.get<{ card: Card }>(`/base-scan/api/cards/${card.id}`)).data.card.photos.back).toBeNull();
});

test("a card's icon stands in for the store's initials on its tile", async ({ page, api }) => {
  const storeName = unique("Bertrand");
  const store = await api.post<{ store_id: number }>("/base-scan/api/stores", { name: storeName });
  const added = await api.post<{ card: Card }>(`/base-scan/api/stores/${store.data.store_id}/cards`, {
    person_name: unique("Rui"),
    card_value: "BRT-5512",
  });
  const icon = await page.request.put(`/base-scan/api/cards/${added.data.card.id}/photos/icon`, {
    data: Buffer.from(pngOf(64, 64, [122, 28, 48])),
    headers: { "content-type": "image/png" },
  });
  expect(icon.status()).toBe(200);

  await page.goto("/base-scan/");
  const tile = page.getByRole("button", { name: new RegExp(`^${storeName}, `) });
  const image = tile.locator("img");
  await expect(image).toHaveAttribute("src", /\/photos\/icon\?v=/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(64);
  await tile.screenshot({ path: "test-results/screenshots/scan-wallet-icon-tile.png" });
});
