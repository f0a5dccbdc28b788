import { expect, type Page } from "@playwright/test";
import { sealOperatorSession } from "../../../tests/support/operator-seal";
import type { Api, PageState } from "./types";

// Ask's pages with a queue in every state: a pending bug with a drafted
// reply and a follow-up, a stranger's capture, an idea, a claimed todo, a
// decision waiting for the operator, an answered one, and the tips. The
// states are reached without words (the suites run in both languages).

/** `sentId` is known once seeded; the names of the states are listed before. */
export type AskSeed = { todoId: number; sentId?: number };

export async function seedAsk(api: Api, tag: string): Promise<AskSeed> {
  const operator = { cookie: `labs_op=${await sealOperatorSession()}` };
  const asOperator = async (path: string, body: unknown) => {
    const response = await api.request.post(path, { data: body, headers: operator });
    if (!response.ok()) throw new Error(`seeding ${path}: ${response.status()} ${await response.text()}`);
  };

  const bug = await api.post<{ id: number }>("/api/core-ask/log", {
    text: `O leitor não lê o código do talão do Continente (${tag})`,
    priority: 2,
    source: "bug",
    page_url: "/base-scan/scan",
  });
  await api.post("/api/core-ask/log", { text: "Também acontece com o Pingo Doce", parent_id: bug.id });
  // A stranger's capture (X-Forwarded-For through the trusted loopback proxy): it stands out.
  const stranger = await api.request.post("/api/base-ask/log", {
    data: { text: `Comigo também, no Lidl (${tag})` },
    headers: { "x-forwarded-for": "203.0.113.45" },
  });
  if (!stranger.ok()) throw new Error(`seeding a stranger's capture: ${stranger.status()}`);
  await asOperator(`/api/core-ask/${bug.id}/update`, {
    draft_response: "Obrigado! Vamos ver o leitor com talões do Continente esta semana.",
  });

  const idea = await api.post<{ id: number }>("/api/core-ask/log", {
    text: `Ideia: lista de compras partilhada ${tag}`,
    priority: 4,
  });
  const claimed = await api.post<{ id: number }>("/api/core-ask/log", { text: `Juntar os talões de ${tag}` });
  await asOperator(`/api/core-ask/${claimed.id}/claim`, {});
  const decision = await api.post<{ id: number }>("/api/core-ask/log", {
    text: `Que loja seguir primeiro? (${tag})`,
    priority: 3,
  });
  await asOperator(`/api/core-ask/${decision.id}/update`, {
    status: "needs_decision",
    response: "A) Continente  B) Pingo Doce",
  });
  const answered = await api.post<{ id: number }>("/api/core-ask/log", { text: `Exportar o histórico ${tag}` });
  await asOperator(`/api/core-ask/${answered.id}/update`, {
    status: "answered",
    response: "Já está: no fundo da página de compras.",
  });
  await asOperator("/api/core-ask/tips", { text: `As ideias da família ficam aqui guardadas (${tag}).` });
  return { todoId: bug.id, sentId: idea.id };
}

/** The Ask button's dialog, open. */
async function openAskDialog(page: Page) {
  await page.locator('a[aria-haspopup="dialog"]').click();
  await expect(page.locator("dialog[open]")).toBeVisible();
  await expect(page.locator('dialog[open] input[name="text"]')).toBeFocused();
}

export function askPages(seed: AskSeed): PageState[] {
  return [
    { name: "ask-capture", path: "/base-ask/" },
    { name: "ask-capture-sent", path: `/base-ask/?sent=${seed.sentId ?? 0}` },
    {
      name: "ask-capture-refused",
      path: "/base-ask/",
      // The full capture with an address the log route's schema refuses: its message beside the field.
      open: async (page) => {
        const form = page.locator('form[enctype="multipart/form-data"]');
        await form.locator('textarea[name="text"]').fill("O botão de partilhar não faz nada");
        await form.locator('input[name="page_url"]').fill("ftp://exemplo.pt/pagina");
        await form.locator('button[type="submit"]').click();
        await expect(form.locator('input[name="page_url"][aria-invalid="true"]')).toBeVisible();
      },
    },
    { name: "ask-dialog", path: "/base-ask/queue", operator: true, open: openAskDialog },
    {
      name: "ask-dialog-refused",
      path: `/base-ask/queue/${seed.todoId}`,
      operator: true,
      // Sent empty: the schema's message beside the text.
      open: async (page) => {
        await openAskDialog(page);
        await page.locator('dialog[open] button[type="submit"]').click();
        await expect(page.locator('dialog[open] input[name="text"][aria-invalid="true"]')).toBeVisible();
      },
    },
    { name: "ask-queue", path: "/base-ask/queue", operator: true },
    {
      name: "ask-queue-notice",
      path: `/base-ask/queue?notice=claimed:${seed.todoId}`,
      operator: true,
    },
    { name: "ask-queue-progress", path: "/base-ask/queue?tab=progress", operator: true },
    { name: "ask-queue-decisions", path: "/base-ask/queue?tab=decisions", operator: true },
    { name: "ask-queue-closed", path: "/base-ask/queue?tab=closed", operator: true },
    {
      name: "ask-queue-tips",
      path: "/base-ask/queue?tab=tips",
      operator: true,
      open: async (page) => {
        await expect(page.getByTestId("tips-manager").locator("li").first()).toBeVisible();
      },
    },
    // A bug with a drafted reply in the editor, and a follow-up.
    { name: "ask-todo", path: `/base-ask/queue/${seed.todoId}`, operator: true },
  ];
}
