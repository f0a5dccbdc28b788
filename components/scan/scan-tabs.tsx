import Link from "next/link";

const TABS = [
  { href: "/base-scan/", label: "Wallet" },
  { href: "/base-scan/scan", label: "Scan" },
  { href: "/base-scan/session", label: "Session" },
  { href: "/base-scan/prices", label: "Prices" },
  { href: "/base-scan/products", label: "Products" },
] as const;

/** The Scan area's own tabs, kept at the top so the thumb reaches them beside the bottom bar. */
export function ScanTabs({ prefix }: { prefix: string }) {
  return (
    <nav aria-label="Scan" className="-mx-4 mb-4 overflow-x-auto px-4">
      <ul className="flex gap-2">
        {TABS.map((tab) => (
          <li key={tab.href}>
            <Link
              href={`${prefix}${tab.href}`}
              className="surface block rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-700 ui-b:py-1 ui-b:text-xs ui-c:px-5 ui-c:py-3 ui-c:text-base"
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
