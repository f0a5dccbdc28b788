import { createHmac, randomBytes } from "node:crypto";

// What a `labs_op` cookie seals. Kept free of app imports so the test
// fixtures seal cookies exactly as the login route does.

export type OperatorSession = {
  operator?: true;
  /** When the session started (ISO). */
  since?: string;
  /** The session epoch it was opened in; "log out everywhere" moves the epoch on. */
  epoch?: number;
  /** The session's id, for its revocation at logout. */
  sid?: string;
  /** Which password it was opened with: a changed password ends every session. */
  pw?: string;
};

/** A short keyed digest of the password (or its hash); never the password itself. */
export function passwordFingerprint(options: { sessionSecret: string; password: string }): string {
  return createHmac("sha256", options.sessionSecret)
    .update(`operator-password:${options.password}`)
    .digest("base64url")
    .slice(0, 22);
}

export function newOperatorSession(options: {
  sessionSecret: string;
  password: string;
  epoch?: number;
  now?: Date;
}): Required<OperatorSession> {
  return {
    operator: true,
    since: (options.now ?? new Date()).toISOString(),
    epoch: options.epoch ?? 0,
    sid: randomBytes(18).toString("base64url"),
    pw: passwordFingerprint(options),
  };
}
