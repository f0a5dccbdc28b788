import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/link";

const AREAS = [
  { href: "/base-scan", key: "scan" },
  { href: "/base-ask", key: "ask" },
  { href: "/base-research", key: "research" },
  { href: "/", key: "labs" },
  { href: "/admin/operator", key: "admin" },
] as const;

/** Top bar on wide screens, a thumb-reachable bottom bar on phones. */
export function SiteNav() {
  const t = useTranslations("common.nav");
  return (
    <nav
      aria-label={t("label")}
      className="surface fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface/95 backdrop-blur md:static md:border-t-0 md:border-b"
    >
      <ul className="mx-auto flex max-w-5xl justify-around md:justify-start md:gap-2 md:px-4">
        {AREAS.map((area) => (
          <li key={area.href} className="min-w-0 flex-1 md:flex-none">
            <AppLink
              href={area.href}
              look="plain"
              className="block px-1 py-3 text-center text-sm font-medium text-fg hover:text-link md:px-3 ui-c:py-4 ui-c:text-base md:ui-c:px-4 ui-b:py-1.5 ui-b:text-xs ui-d:text-link"
            >
              {t(area.key)}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
