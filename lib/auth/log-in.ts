import { z } from "zod";
import { claimLoginAttempt, forgiveLoginAttempt, loginWait } from "@/lib/auth/login-throttle";
import { verifyPassword } from "@/lib/auth/password";
import { operatorSecrets } from "@/lib/auth/secrets";
import { startOperatorSession } from "@/lib/auth/operator-sessions";
import { clientAddress, clientNetwork } from "@/lib/http/client-address";
import { AppError, errorText } from "@/lib/http/errors";

export const loginBody = z.object({
  password: z.string().min(1, "is required").max(1000),
  next: z.string().max(2000).optional(),
});

/**
 * Checks the operator password for this client's network (an IPv6 client
 * counts by its /64: docs/decisions/020-ipv6-and-login-budget.md),
 * slowing down repeated failures, and on success writes the session cookie
 * into `responseHeaders`.
 */
export async function logIn(request: Request, password: string, responseHeaders: Headers): Promise<void> {
  const secrets = operatorSecrets();
  if (!secrets) {
    throw new AppError("unavailable", errorText("auth.loginNotConfigured"));
  }
  const client = clientNetwork(clientAddress(request));
  const attempt = await claimLoginAttempt({ client });
  if (!attempt.allowed) throw tooManyPasswords(attempt.waitSeconds, attempt.overBudget);
  if (!(await verifyPassword(password, secrets))) {
    // Past the budget a wrong password already owes its wait: say so now.
    if (attempt.overBudget) throw tooManyPasswords(loginWait(attempt.failures, true), true);
    throw new AppError("unauthorized", errorText("auth.wrongPassword"));
  }
  await forgiveLoginAttempt({ client, window: attempt.window });
  await startOperatorSession(request, responseHeaders);
}

function tooManyPasswords(seconds: number, overBudget: boolean): AppError {
  const text = overBudget
    ? errorText("auth.loginBudgetSpent", { seconds })
    : errorText("auth.tooManyPasswords", { seconds });
  return new AppError("rate_limited", text, { headers: { "retry-after": String(seconds) } });
}
