import { getIronSession, webCookies, type SessionOptions } from "iron-session";
import { openSeal } from "@/lib/auth/open-seal";
import { operatorSecrets, type OperatorSecrets } from "@/lib/auth/secrets";
import { newOperatorSession, passwordFingerprint, type OperatorSession } from "@/lib/auth/session-seal";
import { isHttps } from "@/lib/http/client-address";

// The operator session is a sealed cookie (iron-session); it ends when it
// expires, at logout, at "log out everywhere" and when the password changes
// (docs/decisions/002-operator-sessions.md). This module reads the seal; the
// server-side half (lib/auth/operator-sessions.ts) knows which have ended.

export const SESSION_COOKIE = "labs_op";
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

function sessionOptions(secret: string, secure: boolean): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: secret,
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: { httpOnly: true, sameSite: "lax", secure, path: "/" },
  };
}

function passwordOf(secrets: OperatorSecrets): string {
  return secrets.passwordHash ?? secrets.password ?? "";
}

/**
 * The session in a `labs_op` seal when the seal is ours, unexpired and made
 * with the current password; null otherwise. Cryptography only: proxy.ts uses
 * it for its convenience redirect; routes and pages also ask the database
 * (hasOperatorSession).
 */
export async function readOperatorSeal(seal: string | undefined): Promise<Required<OperatorSession> | null> {
  const secrets = operatorSecrets();
  if (!seal || !secrets) return null;
  const data: OperatorSession = await openSeal<OperatorSession>(seal, {
    password: secrets.sessionSecret,
    ttl: SESSION_TTL_SECONDS,
  });
  if (data.operator !== true || !data.sid || !data.since || Number.isNaN(Date.parse(data.since))) return null;
  if (!Number.isInteger(data.epoch)) return null;
  if (data.pw !== passwordFingerprint({ sessionSecret: secrets.sessionSecret, password: passwordOf(secrets) })) {
    return null;
  }
  return data as Required<OperatorSession>;
}

/** Seals a new operator session into `labs_op`; the Set-Cookie lands in `responseHeaders`. */
export async function writeSessionCookie(options: {
  request: Request;
  responseHeaders: Headers;
  epoch: number;
}): Promise<void> {
  const secrets = operatorSecrets();
  if (!secrets) throw new Error("operator login is not configured");
  const session = await getIronSession<OperatorSession>(
    webCookies(options.request, options.responseHeaders),
    sessionOptions(secrets.sessionSecret, isHttps(options.request)),
  );
  Object.assign(
    session,
    newOperatorSession({ sessionSecret: secrets.sessionSecret, password: passwordOf(secrets), epoch: options.epoch }),
  );
  await session.save();
}

/** Clears the cookie in this browser; ending the session on the server is endOperatorSession's. */
export function clearSessionCookie(request: Request, responseHeaders: Headers): void {
  const secure = isHttps(request) ? "; Secure" : "";
  responseHeaders.append("set-cookie", `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}
