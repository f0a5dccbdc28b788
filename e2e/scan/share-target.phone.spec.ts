import { randomUUID } from "node:crypto";
import bwipjs from "bwip-js/node";
import type { Page } from "@playwright/test";
import { pdfWithCode128 } from "../../tests/support/pdf-files";
import { expect, test } from "../fixtures";

// A card from any picture: the installed app is a share target
// (public/base-scan/manifest.webmanifest), so sharing a screenshot or a PDF of
// a card from another app opens the add-card sheet with its code read and
// its format chosen; a PDF's every page is read, and several codes are
// listed for the person to pick. The phone's share sheet is the operating
// system's; what reaches Labs is the POST it makes, sent here as it sends it:
// a navigation carrying the file as multipart/form-data, which the service
// worker takes.

test.use({ locale: "pt-PT" });

/** Shares `file` to the app as the phone's share sheet does, once the service worker runs the page. */
async function shareToLabs(page: Page, file: { name: string; type: string; bytes: Uint8Array }) {
  await page.goto("/base-scan/");
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await page.evaluate(
    ({ name, type, bytes }) => {
      const form = document.createElement("form");
      form.method = "post";
      form.enctype = "multipart/form-data";
      form.action = "/base-scan/share";
      const input = document.createElement("input");
      input.type = "file";
      input.name = "file";
      const files = new DataTransfer();
      files.items.add(new File([new Uint8Array(bytes)], name, { type }));
      input.files = files.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { ...file, bytes: [...file.bytes] as unknown as Uint8Array },
  );
  await page.waitForURL(/\/base-scan\/\?add=shared$/);
}

test("a screenshot of a card shared from another app opens the add-card sheet with its code read", async ({ page }) => {
  test.setTimeout(90_000);
  const value = `CLUBE-${randomUUID().slice(0, 6).toUpperCase()}`;
  const screenshot = await bwipjs.toBuffer({
    bcid: "code128",
    text: value,
    scale: 3,
    height: 18,
    paddingwidth: 40,
    paddingheight: 40,
    backgroundcolor: "ffffff",
  });
  await shareToLabs(page, { name: "Screenshot.png", type: "image/png", bytes: screenshot });

  const form = page.getByRole("dialog", { name: "Adicionar um cartão" });
  await expect(form.getByLabel("Número do cartão")).toHaveValue(value, { timeout: 30_000 });
  await expect(form.getByText("Lido (Code 128).")).toBeVisible();
  await expect(form.getByLabel("Formato")).toHaveValue("code_128");
  await page.screenshot({ path: "test-results/screenshots/scan-add-card-shared.png", fullPage: true });

  // Taken once: the same address again has nothing left to read, and says so.
  await page.reload();
  await expect(form.getByText(/Já não há nenhum ficheiro partilhado/)).toBeVisible();
  await expect(form.getByLabel("Número do cartão")).toHaveValue("");
});

test("a PDF shared to the app is read on every page, and its codes listed to pick from", async ({ page }) => {
  test.setTimeout(90_000);
  const codes = ["VALE-7781", "BILHETE-2026-A", "BILHETE-2026-B"];
  const pdf = pdfWithCode128([[codes[0]!], [codes[1]!, codes[2]!]]);
  await shareToLabs(page, { name: "vale.pdf", type: "application/pdf", bytes: pdf });

  const form = page.getByRole("dialog", { name: "Adicionar um cartão" });
  const choices = form.getByRole("group", { name: "Esta imagem tem 3 códigos: qual é o do cartão?" });
  await expect(choices).toBeVisible({ timeout: 30_000 });
  await expect(choices.getByRole("button")).toHaveCount(3);
  for (const code of codes) await expect(choices.getByRole("button", { name: `${code} Code 128` })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/scan-add-card-shared-pdf.png", fullPage: true });
  await choices.getByRole("button", { name: new RegExp(codes[2]!) }).click();
  await expect(form.getByLabel("Número do cartão")).toHaveValue(codes[2]!);
});

test("a shared file without a code says so, and what is not a picture or PDF too", async ({ page }) => {
  test.setTimeout(90_000);
  await shareToLabs(page, { name: "vazio.pdf", type: "application/pdf", bytes: pdfWithCode128([[]]) });
  const form = page.getByRole("dialog", { name: "Adicionar um cartão" });
  await expect(form.getByText(/Não foi encontrado nenhum código de barras no ficheiro partilhado/)).toBeVisible({
    timeout: 30_000,
  });

  await shareToLabs(page, { name: "notas.txt", type: "text/plain", bytes: new TextEncoder().encode("olá") });
  await expect(form.getByText(/Não foi possível ler o ficheiro partilhado/)).toBeVisible({ timeout: 30_000 });
});
