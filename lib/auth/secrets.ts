import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDir, env, isProduction } from "@/lib/env";
import { makePrivateDirectory } from "@/lib/private-files";

export type OperatorSecrets = {
  sessionSecret: string;
  // exactly one of the two
  password?: string;
  passwordHash?: string;
};

const LOCAL_SECRETS_FILE = "operator-secrets.json";

let cached: OperatorSecrets | null | undefined;

/**
 * The operator password and the session secret, from the environment. In
 * development missing ones are generated once under DATA_DIR; in production
 * there is no fallback and the admin stays closed (null).
 */
export function operatorSecrets(): OperatorSecrets | null {
  if (cached !== undefined) return cached;
  const { SESSION_SECRET, OPERATOR_PASSWORD, OPERATOR_PASSWORD_HASH } = env();
  const fromEnv = SESSION_SECRET && (OPERATOR_PASSWORD || OPERATOR_PASSWORD_HASH);
  if (fromEnv) {
    cached = {
      sessionSecret: SESSION_SECRET,
      ...(OPERATOR_PASSWORD_HASH ? { passwordHash: OPERATOR_PASSWORD_HASH } : { password: OPERATOR_PASSWORD }),
    };
  } else if (isProduction()) {
    console.error(
      "labs: OPERATOR_PASSWORD (or OPERATOR_PASSWORD_HASH) and SESSION_SECRET are not set; operator login is disabled.",
    );
    cached = null;
  } else {
    const local = loadOrCreateLocalSecrets(dataDir());
    cached = {
      sessionSecret: SESSION_SECRET ?? local.sessionSecret,
      ...(OPERATOR_PASSWORD_HASH
        ? { passwordHash: OPERATOR_PASSWORD_HASH }
        : { password: OPERATOR_PASSWORD ?? local.password }),
    };
  }
  return cached;
}

/**
 * Reads DATA_DIR/operator-secrets.json, creating it with a random password
 * and session secret the first time. Used by development and by `npm start`
 * on a machine where nothing was configured.
 */
export function loadOrCreateLocalSecrets(directory: string): { sessionSecret: string; password: string; file: string } {
  const file = path.join(directory, LOCAL_SECRETS_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { sessionSecret: string; password: string };
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
