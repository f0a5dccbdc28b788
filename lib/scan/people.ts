import { db } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
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
  if (!person) throw new AppError("not_found", `There is no person with id ${id}.`);
  return person;
}

/** Everyone known to the wallet, by name: the add-card form offers them. */
export async function listPeople(): Promise<{ id: number; name: string }[]> {
  return db().person.findMany({ select: { id: true, name: true }, orderBy: [{ nameKey: "asc" }, { id: "asc" }] });
}
