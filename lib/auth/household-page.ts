import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { isHouseholdMember } from "@/lib/auth/authenticate";
import { env } from "@/lib/env";
import { isLocalRequest } from "@/lib/http/client-address";

/**
 * Public pages call this first. In household mode a stranger is sent to the
 * pairing page; the operator, a paired device and this machine itself pass.
 * proxy.ts does not do this: pages check the database themselves.
 */
export async function requireHouseholdPage(): Promise<void> {
  if (env().LABS_ACCESS !== "household") return;
  const request = new Request("http://labs.invalid/", { headers: await headers() });
  if (isLocalRequest(request) || (await isHouseholdMember(request))) return;
  redirect("/labs/pair");
}
