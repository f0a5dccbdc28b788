import { getIronSession, unsealData, webCookies, type SessionOptions } from "iron-session";
import { operatorSecrets } from "@/lib/auth/secrets";

export const SESSION_COOKIE = "labs_op";
const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export type OperatorSession = { operator?: true; since?: string };

function sessionOptions(secret: string, secure: boolean): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: secret,
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: { httpOnly: true, sameSite: "lax", secure, path: "/" },
  };
}

/** Served over https, directly or behind a proxy that says so. */
export function isHttps(request: Request): boolean {
  if (request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https") return true;
  return new URL(request.url).protocol === "https:";
}

/** Whether a `labs_op` seal is valid. Used by routes, pages and proxy alike. */
export async function isOperatorSeal(seal: string | undefined): Promise<boolean> {
  const secrets = operatorSecrets();
  if (!seal || !secrets) return false;
  const data = await unsealData<OperatorSession>(seal, {
    password: secrets.sessionSecret,
    ttl: SESSION_TTL_SECONDS,
  }).catch(() => ({}) as OperatorSession);
  return data.operator === true;
}

export function readSessionCookie(request: Request): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** Starts an operator session; the Set-Cookie lands in `responseHeaders`. */
export async function startOperatorSession(request: Request, responseHeaders: Headers): Promise<void> {
  const secrets = operatorSecrets();
  if (!secrets) throw new Error("operator login is not configured");
  const session = await getIronSession<OperatorSession>(
    webCookies(request, responseHeaders),
    sessionOptions(secrets.sessionSecret, isHttps(request)),
  );
  session.operator = true;
  session.since = new Date().toISOString();
  await session.save();
}

export async function endOperatorSession(request: Request, responseHeaders: Headers): Promise<void> {
  const secrets = operatorSecrets();
  const secure = isHttps(request);
  if (!secrets) {
    responseHeaders.append("set-cookie", `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    return;
  }
  const session = await getIronSession<OperatorSession>(
    webCookies(request, responseHeaders),
    sessionOptions(secrets.sessionSecret, secure),
  );
  session.destroy();
}
