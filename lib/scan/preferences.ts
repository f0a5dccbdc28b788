import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { pageOf } from "@/lib/http/paging";
import { upsertPerson } from "@/lib/scan/people";
import { PREFERENCES_PAGE, type PreferencePosition, type Sentiment } from "@/lib/scan/schemas";
import { iso } from "@/lib/scan/shapes";

type PreferenceRow = { person_id: number; person_name: string; sentiment: string; updated_at: Date };

function preferenceJson(row: PreferenceRow) {
  return {
    person_id: row.person_id,
    person_name: row.person_name,
    sentiment: row.sentiment,
    updated_at: iso(new Date(row.updated_at)),
  };
}

export type ListPreferencesOptions = { code: string; limit?: number; cursor?: PreferencePosition };

/**
 * Each person's sentiment about a code, one page at a time: people who
 * chose first, then everyone else, each by name.
 *
 * Once the code was scanned as a barcode, every person without a stored
 * preference reads `dont_know` (docs/contract.md, "Scan decisions"). That default is computed here
 * rather than written at scan time: people are public to create, and one row
 * per person per new barcode let anyone turn each scan into thousands of
 * writes. Its `updated_at` is when it began to apply: the first such scan, or
 * the person's arrival if later. Stored rows (someone chose, even
 * `dont_know`) come first, so a person just added by name is on page one.
 */
export async function listPreferences({ code, limit = PREFERENCES_PAGE.fallback, cursor }: ListPreferencesOptions) {
  const after = cursor
    ? Prisma.sql`WHERE (tier, name_key) > (CAST(${cursor[0]} AS int), CAST(${cursor[1]} AS text))`
    : Prisma.empty;
  const rows = await db().$queryRaw<(PreferenceRow & { tier: 0 | 1; name_key: string })[]>`
    WITH first_scan AS (
      SELECT min(created_at) AS at FROM scan WHERE value = ${code} AND kind = 'barcode'
    ),
    listed AS (
      SELECT 0 AS tier, p.name_key, p.id AS person_id, p.name AS person_name, pr.sentiment, pr.updated_at
      FROM preference pr JOIN person p ON p.id = pr.person_id
      WHERE pr.code = ${code}
      UNION ALL
      SELECT 1, p.name_key, p.id, p.name, 'dont_know', GREATEST(fs.at, p.created_at)
      FROM first_scan fs JOIN person p ON fs.at IS NOT NULL
      WHERE NOT EXISTS (SELECT 1 FROM preference pr WHERE pr.person_id = p.id AND pr.code = ${code})
    )
    SELECT tier, name_key, person_id, person_name, sentiment, updated_at FROM listed
    ${after}
    ORDER BY tier, name_key
    LIMIT CAST(${limit + 1} AS int)`;
  // name_key is unique, so (tier, name_key) names one row.
  const page = pageOf(rows, limit, (row) => [row.tier, row.name_key]);
  return { preferences: page.rows.map(preferenceJson), next: page.next };
}

export type SetPreferenceOptions = { code: string; personName: string; sentiment: Sentiment };

/** Sets one person's sentiment about a code; the person is created if unknown. One atomic upsert. */
export async function setPreference({ code, personName, sentiment }: SetPreferenceOptions) {
  const person = await upsertPerson({ name: personName });
  const rows = await db().$queryRaw<{ sentiment: Sentiment; updated_at: Date }[]>`
    INSERT INTO preference (person_id, code, sentiment, updated_at)
    VALUES (${person.id}, ${code}, ${sentiment}::sentiment, now())
    ON CONFLICT (person_id, code) DO UPDATE SET sentiment = EXCLUDED.sentiment, updated_at = now()
    RETURNING sentiment, updated_at`;
  const row = rows[0];
  if (!row) throw new Error("preference upsert returned no row");
  return {
    code,
    ...preferenceJson({ person_id: person.id, person_name: person.name, ...row }),
  };
}
