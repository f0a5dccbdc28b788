import { defineConfig } from "prisma/config";

// `prisma generate` needs no schema engine, but every prisma command looks for
// one first and tries to download it. Pointing the variable at any existing
// file stops that; migrations go through lib/db/migrate.ts instead.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "package.json";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
