import { db } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
import { cleanName, nameKey } from "@/lib/names";
import { BR_SCOPE, formatBrId } from "@/lib/research/br-id";
import type { ObserveBody } from "@/lib/research/schemas";

export type RecordedObservation = { obs_id: number; item_id: number; br_id: string };

// Generous limits: a PGlite process serialises every query, so 50 concurrent
// observes queue for the one connection; they must wait, not fail.
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 } as const;

/**
 * Records one price observation (seed part 2 "Observation"): finds or creates
 * the item by name, creates or updates the session, takes the next
 * BR-<yymmdd>-<n> and inserts the row — all in one transaction, so a failed
 * insert gives its number back and concurrent observes never share or skip one.
 * Throws `not_found` for an unknown `item_id`.
 */
export async function recordObservation({ input }: { input: ObserveBody }): Promise<RecordedObservation> {
  // Only `tx` inside: on PGlite the outer client would wait for this very
  // transaction's lock (DESIGN §5).
  return db().$transaction(async (tx) => {
    // Locks are taken in one order (item, session, counter) so concurrent
    // observes queue behind each other instead of deadlocking.
    let itemId: number;
    if (input.item_id !== undefined) {
      const item = await tx.item.findUnique({ where: { id: input.item_id }, select: { id: true } });
      if (!item) throw new AppError("not_found", `There is no item ${input.item_id}; send item_name to create one.`);
      itemId = item.id;
    } else {
      const name = cleanName(input.item_name ?? "");
      // Atomic upsert on the case-insensitive key: concurrent first
      // observations of one new name all get the same item. Category and spec
      // given later fill blanks but never overwrite.
      const [row] = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO item (name, name_key, category, spec)
        VALUES (${name}, ${nameKey(name)}, ${input.item_category ?? null}, ${input.item_spec ?? null})
        ON CONFLICT (name_key) DO UPDATE
          SET category = COALESCE(item.category, EXCLUDED.category),
              spec = COALESCE(item.spec, EXCLUDED.spec)
        RETURNING id`;
      if (!row) throw new Error("item upsert returned no row");
      itemId = row.id;
    }

    let sessionId: number | null = null;
    if (input.session_slug !== undefined) {
      const [row] = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO research_session (slug, title, context, updated_at)
        VALUES (${input.session_slug}, ${input.session_title ?? null}, ${input.session_context ?? null}, now())
        ON CONFLICT (slug) DO UPDATE
          SET title = COALESCE(EXCLUDED.title, research_session.title),
              context = COALESCE(EXCLUDED.context, research_session.context),
              updated_at = now()
        RETURNING id`;
      if (!row) throw new Error("session upsert returned no row");
      sessionId = row.id;
    }

    // The day is the database's UTC day at transaction start and observed_at
    // is that same now(): one clock decides both, whatever instance handles
    // the request.
    const [counter] = await tx.$queryRaw<{ day: string; value: number; now: Date }[]>`
      INSERT INTO daily_counter (scope, day, value)
      VALUES (${BR_SCOPE}, to_char(now() AT TIME ZONE 'UTC', 'YYMMDD'), 1)
      ON CONFLICT (scope, day) DO UPDATE SET value = daily_counter.value + 1
      RETURNING day, value, now() AS now`;
    if (!counter) throw new Error("daily counter upsert returned no row");

    const observation = await tx.observation.create({
      data: {
        brId: formatBrId(counter.day, counter.value),
        itemId,
        sessionId,
        source: input.source,
        condition: input.condition,
        price: input.price,
        currency: input.currency,
        url: input.url ?? null,
        availability: input.availability,
        notes: input.notes ?? null,
        observedAt: counter.now,
      },
      select: { id: true, itemId: true, brId: true },
    });
    return { obs_id: observation.id, item_id: observation.itemId, br_id: observation.brId };
  }, TRANSACTION_OPTIONS);
}
