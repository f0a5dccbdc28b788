import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db";
import { applyMigrations, migrationsAreCurrent, pendingMigrations, type AppliedMigration } from "@/lib/db/migrate";

describe("migrations", () => {
  it("are all applied once and then up to date", async () => {
    const adapter = getDatabase().migrationAdapter();
    expect(await applyMigrations(adapter)).toEqual([]);
    expect(await pendingMigrations(adapter)).toEqual([]);
  });

  it("are recorded in Prisma's own _prisma_migrations table", async () => {
    const rows = await getDatabase().prisma.$queryRaw<{ migration_name: string; finished_at: Date | null }[]>`
      SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name`;
    const folders = readdirSync("prisma/migrations", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(rows.map((row) => row.migration_name)).toEqual(folders);
    expect(rows.every((row) => row.finished_at !== null)).toBe(true);
  });

  it("are seen to be current from _prisma_migrations alone, so a start skips the engine", async () => {
    const rows = await getDatabase().prisma.$queryRaw<AppliedMigration[]>`
      SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations`;
    // The checksums Prisma recorded are the ones computed here from the files.
    expect(await migrationsAreCurrent(rows)).toBe(true);

    const [first, ...rest] = rows;
    expect(await migrationsAreCurrent(rest), "one missing").toBe(false);
    expect(await migrationsAreCurrent([{ ...first!, checksum: "0".repeat(64) }, ...rest]), "one edited").toBe(false);
    const failed = { ...first!, migration_name: "20990101000000_failed", finished_at: null };
    expect(await migrationsAreCurrent([...rows, failed]), "one failed").toBe(false);
    const rolledBack = { ...failed, rolled_back_at: new Date() };
    expect(await migrationsAreCurrent([...rows, rolledBack]), "a failure rolled back").toBe(true);
  });
});

describe("the GTIN product codes migration (decision 027)", () => {
  it("gives a 12-digit UPC-A product and preference their 13-digit code, and leaves the rest", async () => {
    const prisma = getDatabase().prisma;
    const sql = readFileSync("prisma/migrations/20261127110000_gtin_product_codes/migration.sql", "utf8");
    const tag = String(Date.now()).slice(-6);
    // Kept as a phone read them before: a UPC-A in 12 digits (check digit right, and wrong), an EAN-8, a code
    // taken in both forms.
    const upcA = gtin12(`03600${tag}`);
    const wrongCheck = `${upcA.slice(0, 11)}${(Number(upcA[11]) + 1) % 10}`;
    const taken = gtin12(`04100${tag}`);
    for (const code of [upcA, wrongCheck, taken, `0${taken}`, "96385074"]) {
      await prisma.product.create({ data: { code, searchText: code } });
    }
    const person = await prisma.person.create({ data: { name: `Ana ${tag}`, nameKey: `ana ${tag}` } });
    await prisma.preference.create({ data: { personId: person.id, code: upcA, sentiment: "like" } });

    await prisma.$executeRawUnsafe(sql.split(";\n\n")[0]!);
    await prisma.$executeRawUnsafe(sql.split(";\n\n")[1]!);

    const codes = (await prisma.product.findMany({ select: { code: true } })).map((product) => product.code);
    expect(codes).toContain(`0${upcA}`);
    expect(codes).not.toContain(upcA);
    expect(codes).toEqual(expect.arrayContaining([wrongCheck, taken, `0${taken}`, "96385074"]));
    const found = await prisma.product.findUniqueOrThrow({ where: { code: `0${upcA}` } });
    expect(found.searchText).toContain(`0${upcA}`);
    const preference = await prisma.preference.findFirstOrThrow({ where: { personId: person.id } });
    expect(preference.code).toBe(`0${upcA}`);
  });
});

/** 11 digits and their GTIN check digit. */
function gtin12(data: string): string {
  const sum = [...data].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return `${data}${(10 - (sum % 10)) % 10}`;
}
