import type { Api, PageState } from "./types";

// Ask's pages with a queue in every state: a pending bug, an idea with a
// follow-up, a decision waiting for the operator.

export type AskSeed = { todoId: number };

export async function seedAsk(api: Api, tag: string): Promise<AskSeed> {
  const bug = await api.post<{ id: number }>("/api/core-ask/log", {
    text: `O leitor não lê o código do talão do Continente (${tag})`,
    priority: 2,
    page_url: "/base-scan/scan",
  });
  await api.post("/api/core-ask/log", { text: "Também acontece com o Pingo Doce", parent_id: bug.id });
  await api.post("/api/core-ask/log", { text: `Ideia: lista de compras partilhada ${tag}`, priority: 4 });
  return { todoId: bug.id };
}

export function askPages(seed: AskSeed): PageState[] {
  return [
    { name: "ask-capture", path: "/base-ask/" },
    { name: "ask-queue", path: "/base-ask/queue", operator: true },
    { name: "ask-todo", path: `/base-ask/queue/${seed.todoId}`, operator: true },
  ];
}
