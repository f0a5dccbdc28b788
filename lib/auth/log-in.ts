import { z } from "zod";
import { claimLoginAttempt, clearLoginFailures } from "@/lib/auth/login-throttle";
import { verifyPassword } from "@/lib/auth/password";
import { operatorSecrets } from "@/lib/auth/secrets";
import { startOperatorSession } from "@/lib/auth/operator-sessions";
import { clientAddress } from "@/lib/http/client-address";
import { AppError, errorText } from "@/lib/http/errors";

export const loginBody = z.object({
  password: z.string().min(1, "is required").max(1000),
  next: z.string().max(2000).optional(),
});

/**
 * Checks the operator password for this client address, slowing down
 * repeated failures, and on success writes the session cookie into
 * `responseHeaders`.
 */
export async function logIn(request: Request, password: string, responseHeaders: Headers): Promise<void> {
  const secrets = operatorSecrets();
  if (!secrets) {
    throw new AppError("unavailable", errorText("auth.loginNotConfigured"));
  }
  const client = clientAddress(request);
  const attempt = await claimLoginAttempt(client);
  if (!attempt.allowed) {
    throw new AppError("rate_limited", errorText("auth.tooManyPasswords", { seconds: attempt.waitSeconds }), {
      headers: { "retry-after": String(attempt.waitSeconds) },
    });
  }
  if (!(await verifyPassword(password, secrets))) {
    throw new AppError("unauthorized", errorText("auth.wrongPassword"));
  }
  await clearLoginFailures(client);
  await startOperatorSession(request, responseHeaders);
}
