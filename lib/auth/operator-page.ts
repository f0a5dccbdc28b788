import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { hasOperatorSession } from "@/lib/auth/operator-sessions";
import { SESSION_COOKIE } from "@/lib/auth/session";

/** Server components of operator pages call this first; proxy.ts is only a convenience. */
export async function requireOperatorPage(nextPath: string): Promise<void> {
  const seal = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!(await hasOperatorSession(seal))) redirect(`/admin/login?next=${encodeURIComponent(nextPath)}`);
}
