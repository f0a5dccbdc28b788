import { sealData } from "iron-session";
import { newOperatorSession } from "../../lib/auth/session-seal";
import { TEST_OPERATOR_PASSWORD, TEST_SESSION_SECRET } from "./server";

/**
 * A `labs_op` seal exactly as the login route makes one for the test servers'
 * password and secret, in the first session epoch: a new session id, so
 * ending it ends only this one.
 * (Relative imports: Playwright's fixtures load this too.)
 */
export async function sealOperatorSession(options: { password?: string; epoch?: number } = {}): Promise<string> {
  const session = newOperatorSession({
    sessionSecret: TEST_SESSION_SECRET,
    password: options.password ?? TEST_OPERATOR_PASSWORD,
    epoch: options.epoch,
  });
  return sealData(session, { password: TEST_SESSION_SECRET });
}
