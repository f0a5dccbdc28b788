import Link from "next/link";

const AREAS = [
  { href: "/base-scan", label: "Scan" },
  { href: "/base-ask", label: "Ask" },
  { href: "/base-research", label: "Research" },
  { href: "/", label: "Labs" },
  { href: "/admin/operator", label: "Admin" },
] as const;

/** Top bar on wide screens, a thumb-reachable bottom bar on phones. */
export function SiteNav({ prefix }: { prefix: string }) {
  return (
    <nav
      aria-label="Areas"
      className="surface fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 backdrop-blur md:static md:border-t-0 md:border-b"
    >
      <ul className="mx-auto flex max-w-5xl justify-around md:justify-start md:gap-2 md:px-4">
        {AREAS.map((area) => (
          <li key={area.href} className="min-w-0 flex-1 md:flex-none">
            <Link
              href={`${prefix}${area.href}`}
              className="block px-1 py-3 text-center text-sm font-medium text-slate-700 hover:text-brand md:px-3 ui-c:py-4 ui-c:text-base md:ui-c:px-4 ui-b:py-1.5 ui-b:text-xs ui-d:text-yellow-300"
            >
              {area.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
