import { randomBytes } from "node:crypto";
import pg from "pg";

// Each test run gets its own PostgreSQL database on the server named by
// TEST_DATABASE_URL, so runs never see each other's rows.
export async function createTestDatabase(
  baseUrl: string,
  label: string,
): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `labs_${label}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
