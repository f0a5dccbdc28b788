import type { Api, PageState } from "./types";

// Research's pages with a tracked item, four observations from two shops (a
// price drop among them), a session and the operator's note.

export type ResearchSeed = { itemId: number; slug: string };

export async function seedResearch(api: Api, tag: string): Promise<ResearchSeed> {
  const slug = `frigorifico-${tag}`;
  const item = `Frigorífico combinado ${tag}`;
  const first = await api.post<{ item_id: number }>("/base-research/api/observe", {
    item_name: item,
    source: "Worten",
    price: "549.99",
    url: "https://www.worten.pt/",
    session_slug: slug,
  });
  await api.post("/base-research/api/observe", {
    item_id: first.item_id,
    source: "Fnac",
    price: "529.90",
    session_slug: slug,
  });
  await api.post("/base-research/api/observe", {
    item_id: first.item_id,
    source: "Worten",
    availability: "oos",
    session_slug: slug,
  });
  // A price drop, listed with whose it is.
  await api.post("/base-research/api/observe", {
    item_id: first.item_id,
    source: "Fnac",
    price: "499.90",
    session_slug: slug,
  });
  await api.post("/base-research/api/note", { content: "Ver também o modelo do ano passado.", session_slug: slug });
  return { itemId: first.item_id, slug };
}

export function researchPages(seed: ResearchSeed): PageState[] {
  return [
    { name: "research-dashboard", path: "/base-research/", operator: true },
    { name: "research-item", path: `/base-research/items/${seed.itemId}`, operator: true },
    { name: "research-session", path: `/base-research/sessions/${seed.slug}`, operator: true },
  ];
}
