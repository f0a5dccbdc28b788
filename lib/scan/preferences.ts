import { db } from "@/lib/db";
import { upsertPerson } from "@/lib/scan/people";
import type { Sentiment } from "@/lib/scan/schemas";
import { iso } from "@/lib/scan/shapes";

/**
 * A `dont_know` preference for `code` for every person who has none yet: one
 * statement, ON CONFLICT DO NOTHING keeps existing sentiments and makes
 * concurrent scans of the same code harmless.
 */
export async function createDontKnowPreferences({ code }: { code: string }): Promise<number> {
  return db().$executeRaw`
    INSERT INTO preference (person_id, code, sentiment, updated_at)
    SELECT id, ${code}, 'dont_know', now() FROM person
    ON CONFLICT (person_id, code) DO NOTHING`;
}

type PreferenceRow = { person_id: number; person_name: string; code: string; sentiment: string; updated_at: Date };

function preferenceJson(row: PreferenceRow) {
  return {
    person_id: row.person_id,
    person_name: row.person_name,
    sentiment: row.sentiment,
    updated_at: iso(new Date(row.updated_at)),
  };
}

/** Each person's sentiment about a code, people by name. */
export async function listPreferences({ code }: { code: string }) {
  const rows = await db().preference.findMany({
    where: { code },
    include: { person: { select: { name: true, nameKey: true } } },
    orderBy: [{ person: { nameKey: "asc" } }, { personId: "asc" }],
  });
  return rows.map((row) =>
    preferenceJson({
      person_id: row.personId,
      person_name: row.person.name,
      code: row.code,
      sentiment: row.sentiment,
      updated_at: row.updatedAt,
    }),
  );
}

export type SetPreferenceOptions = { code: string; personName: string; sentiment: Sentiment };

/** Sets one person's sentiment about a code; the person is created if unknown. One atomic upsert. */
export async function setPreference({ code, personName, sentiment }: SetPreferenceOptions) {
  const person = await upsertPerson({ name: personName });
  const rows = await db().$queryRaw<{ sentiment: string; updated_at: Date }[]>`
    INSERT INTO preference (person_id, code, sentiment, updated_at)
    VALUES (${person.id}, ${code}, ${sentiment}, now())
    ON CONFLICT (person_id, code) DO UPDATE SET sentiment = EXCLUDED.sentiment, updated_at = now()
    RETURNING sentiment, updated_at`;
  const row = rows[0];
  if (!row) throw new Error("preference upsert returned no row");
  return {
    code,
    ...preferenceJson({ person_id: person.id, person_name: person.name, code, ...row }),
  };
}
