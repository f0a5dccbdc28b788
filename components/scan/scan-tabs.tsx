import { useTranslations } from "next-intl";
import Link from "next/link";
import { chipClass } from "@/components/ui/chip";

const TABS = [
  { href: "/base-scan/", key: "wallet" },
  { href: "/base-scan/scan", key: "scan" },
  { href: "/base-scan/session", key: "session" },
  { href: "/base-scan/prices", key: "prices" },
  { href: "/base-scan/products", key: "products" },
  { href: "/base-scan/notifications", key: "notifications" },
] as const;

/** The Scan area's own tabs, kept at the top so the thumb reaches them beside the bottom bar. */
export function ScanTabs({ prefix }: { prefix: string }) {
  const t = useTranslations("scan.tabs");
  return (
    <nav aria-label={t("label")} className="-mx-4 mb-4 overflow-x-auto px-4">
      <ul className="flex gap-1.5">
        {TABS.map((tab) => (
          <li key={tab.href}>
            <Link href={`${prefix}${tab.href}`} className={chipClass()}>
              {t(tab.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
