import "server-only";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import { cleanName, nameKey } from "@/lib/names";

/** The person with that name (case-insensitive), created if unknown — atomically. */
export async function upsertPerson({ name }: { name: string }): Promise<{ id: number; name: string }> {
  const clean = cleanName(name);
  const rows = await db().$queryRaw<{ id: number; name: string }[]>`
    INSERT INTO person (name, name_key) VALUES (${clean}, ${nameKey(clean)})
    ON CONFLICT (name_key) DO UPDATE SET name_key = EXCLUDED.name_key
    RETURNING id, name`;
  const row = rows[0];
  if (!row) throw new Error("person upsert returned no row");
  return row;
}

export async function getPersonOrThrow({ id }: { id: number }): Promise<{ id: number; name: string }> {
  const person = await db().person.findUnique({ where: { id }, select: { id: true, name: true } });
  if (!person) throw new AppError("not_found", errorText("wallet.personNotFound", { id }));
  return person;
}

// The add-card form shows these as buttons: enough for any household, while
// people are public to create and may number thousands.
const PEOPLE_OFFERED = 50;

/**
 * The people the add-card form offers: those with an active card first (the
 * wallet's own), then the rest, each by name, at most PEOPLE_OFFERED. Anyone
 * else is found or created by typing the name.
 */
export async function listPeople({ limit = PEOPLE_OFFERED }: { limit?: number } = {}): Promise<
  { id: number; name: string }[]
> {
  return db().$queryRaw<{ id: number; name: string }[]>`
    SELECT p.id, p.name FROM person p
    ORDER BY EXISTS (SELECT 1 FROM card c WHERE c.person_id = p.id AND c.active) DESC, p.name_key, p.id
    LIMIT CAST(${limit} AS int)`;
}
