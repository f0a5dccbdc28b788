import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { HouseholdOnly } from "@/components/accounts/household-only";
import { AskButton } from "@/components/ask/ask-button";
import { DevPreviewBar } from "@/components/labs/dev-preview-bar";
import { ViewBeacon } from "@/components/labs/view-beacon";
import { HydrationMark } from "@/components/ui/hydration-mark";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { SiteNav } from "@/components/ui/site-nav";
import { UiProvider } from "@/components/ui/ui-context";
import { buildInfo } from "@/lib/platform/release";
import { requestVariant } from "@/lib/labs/request-variant";
import "./globals.css";

// Every page depends on the request (variant header, language, session, live
// data), and prerendering at build time must never open the database.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common.meta");
  return { title: { default: "Labs", template: "%s · Labs" }, description: t("description") };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#1e40af",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [{ variant, prefix }, locale] = await Promise.all([requestVariant(), getLocale()]);
  const { release, commit } = buildInfo();
  return (
    <html lang={locale} data-ui={variant}>
      <body className="min-h-dvh bg-page pb-16 text-fg antialiased md:pb-0">
        <NextIntlClientProvider>
          <UiProvider variant={variant} prefix={prefix}>
            <DevPreviewBar variant={variant} release={release} commit={commit} />
            <ViewBeacon variant={variant} />
            <HouseholdOnly>
              <SiteNav />
            </HouseholdOnly>
            {/* Room at the end for the floating buttons, so they never sit on a page's last control. */}
            <main className="mx-auto max-w-5xl px-4 pt-6 pb-24 ui-b:pt-3 ui-c:px-5 md:pb-6">
              {children}
              <footer className="mt-10 flex justify-end border-t border-line pt-3">
                <LanguageSwitcher />
              </footer>
            </main>
            <HouseholdOnly>
              <AskButton />
            </HouseholdOnly>
            <HydrationMark />
          </UiProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
