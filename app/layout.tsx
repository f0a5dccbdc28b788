import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { AskButton } from "@/components/ask/ask-button";
import { DevPreviewBar } from "@/components/labs/dev-preview-bar";
import { ViewBeacon } from "@/components/labs/view-beacon";
import { SiteNav } from "@/components/ui/site-nav";
import { buildInfo } from "@/lib/labs/release";
import { requestVariant } from "@/lib/labs/request-variant";
import "./globals.css";

// Every page depends on the request (variant header, session, live data), and
// prerendering at build time must never open the database.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Labs", template: "%s · Labs" },
  description: "Scan, Ask and Research: the household's own tools.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#1e40af",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { variant, prefix } = await requestVariant();
  const { release, commit } = buildInfo();
  return (
    <html lang="en" data-ui={variant}>
      <body className="min-h-dvh bg-slate-50 pb-16 text-slate-900 antialiased md:pb-0">
        <DevPreviewBar variant={variant} release={release} commit={commit} />
        <ViewBeacon variant={variant} />
        <SiteNav prefix={prefix} />
        {/* Room at the end for the floating buttons, so they never sit on a page's last control. */}
        <main className="mx-auto max-w-5xl px-4 pt-6 pb-24 ui-b:pt-3 ui-c:px-5 md:pb-6">{children}</main>
        <AskButton />
      </body>
    </html>
  );
}
