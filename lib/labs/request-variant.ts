import { headers } from "next/headers";
import { parseVariant, UI_HEADER, UI_PREFIX_HEADER, type UiVariant } from "@/lib/labs/variants";

/** The variant of the page being rendered (set by proxy.ts), `a` by default. */
export async function requestVariant(): Promise<{ variant: UiVariant; prefix: string }> {
  const list = await headers();
  const variant = parseVariant(list.get(UI_HEADER)) ?? "a";
  const prefix = list.get(UI_PREFIX_HEADER) ?? "";
  return { variant, prefix: /^\/[b-l]$/.test(prefix) ? prefix : "" };
}
