import { getRequestConfig } from "next-intl/server";
import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE, negotiateLocale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";

// next-intl's per-request configuration: no locale in the URL (the contract's paths
// stay as they are), the language comes from the switcher's cookie or the browser.
export default getRequestConfig(async () => {
  const [cookieList, headerList] = await Promise.all([cookies(), headers()]);
  const locale = negotiateLocale(cookieList.get(LOCALE_COOKIE)?.value, headerList.get("accept-language"));
  return { locale, messages: messagesFor(locale) };
});
