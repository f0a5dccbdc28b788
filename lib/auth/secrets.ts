import { dataDir, env, isProduction } from "@/lib/env";
import { loadOrCreateLocalSecrets } from "@/lib/auth/local-secrets.mjs";
import type { ConfiguredPassword } from "@/lib/auth/password";

export type OperatorSecrets = ConfiguredPassword & { sessionSecret: string };

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
