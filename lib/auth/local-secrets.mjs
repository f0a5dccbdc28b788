import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makePrivateDirectory } from "../private-files.mjs";

// Apart from lib/auth/secrets.ts, which reads the validated environment:
// `npm start` calls this before the server starts, and loading the
// environment's schema (zod) there cost a tenth of a second of every start.
// Plain JavaScript, as `npm start` runs under plain Node; types in
// local-secrets.d.mts.

const LOCAL_SECRETS_FILE = "operator-secrets.json";

/**
 * Reads DATA_DIR/operator-secrets.json, creating it with a random password
 * and session secret the first time. Used by development and by `npm start`
 * on a machine where nothing was configured.
 * @param {string} directory
 * @returns {{ sessionSecret: string, password: string, file: string }}
 */
export function loadOrCreateLocalSecrets(directory) {
  const file = path.join(directory, LOCAL_SECRETS_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8"));
    return { ...stored, file };
  }
  const secrets = {
    sessionSecret: randomBytes(32).toString("base64url"),
    password: randomBytes(12).toString("base64url"),
  };
  makePrivateDirectory(directory);
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  console.warn(`labs: generated an operator password and session secret in ${file}`);
  return { ...secrets, file };
}
