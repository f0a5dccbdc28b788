import "server-only";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import type { TipJson } from "@/lib/ask/schemas";

// Tips about using Labs, shown one at a time in the queue's ticker. A starter
// set ships as a data migration (prisma/migrations/*_ask_starter_tips); the
// operator adds and removes tips from there on.

type TipRow = { id: number; text: string; createdAt: Date };

function toTipJson(tip: TipRow): TipJson {
  return { id: tip.id, text: tip.text, created_at: tip.createdAt.toISOString() };
}

export async function getRandomTip(): Promise<TipJson | null> {
  const rows = await db().$queryRaw<{ id: number; text: string; created_at: Date }[]>`
    SELECT id, text, created_at FROM tip ORDER BY random() LIMIT 1`;
  const row = rows[0];
  return row ? toTipJson({ id: row.id, text: row.text, createdAt: row.created_at }) : null;
}

export async function listTips(): Promise<TipJson[]> {
  const tips = await db().tip.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return tips.map(toTipJson);
}

export async function createTip({ text }: { text: string }): Promise<TipJson> {
  return toTipJson(await db().tip.create({ data: { text } }));
}

/** Removing a tip that is already gone is a 404, so a typo in the id is noticed. */
export async function deleteTip({ id }: { id: number }): Promise<void> {
  const { count } = await db().tip.deleteMany({ where: { id } });
  if (count === 0) throw new AppError("not_found", errorText("ask.tipNotFound", { id }));
}
