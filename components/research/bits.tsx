import Link from "next/link";
import type { Availability } from "@/lib/research/schemas";

const AVAILABILITY_LABEL: Record<Availability, string> = {
  in_stock: "In stock",
  oos: "Out of stock",
  unknown: "Unknown",
};
const AVAILABILITY_STYLE: Record<Availability, string> = {
  in_stock: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  oos: "bg-rose-50 text-rose-800 ring-rose-200",
  unknown: "bg-slate-100 text-slate-600 ring-slate-200",
};

export function AvailabilityBadge({ availability }: { availability: Availability }) {
  return (
    <span
      className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ui-d:bg-black ui-d:text-white ui-d:ring-white ${AVAILABILITY_STYLE[availability]}`}
    >
      {AVAILABILITY_LABEL[availability]}
    </span>
  );
}

/** A price as price_fmt gives it, kept on one line; a dash without a price. */
export function Price({ text }: { text: string | null }) {
  if (text === null) return <span className="text-slate-400 ui-d:text-slate-300">—</span>;
  return <span className="whitespace-nowrap tabular-nums">{text}</span>;
}

/** The shop's page, in a new tab, without handing it our page (noopener) or our address (noreferrer). */
export function OutLink({ url, label = "Open" }: { url: string | null; label?: string }) {
  if (!url) return null;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // Stored URLs are validated; show the raw text if one is not.
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={url}
      aria-label={`${label} on ${host} (new tab)`}
      className="inline-flex min-h-8 min-w-8 items-center justify-center rounded text-brand hover:bg-slate-100 ui-c:min-h-12 ui-c:min-w-12"
    >
      <span aria-hidden="true">↗</span>
    </a>
  );
}

export function ItemLink({ prefix, id, name }: { prefix: string; id: number; name: string }) {
  return (
    <Link href={`${prefix}/base-research/items/${id}`} className="font-medium text-brand hover:underline">
      {name}
    </Link>
  );
}

export function SessionLink({ prefix, slug, children }: { prefix: string; slug: string; children?: React.ReactNode }) {
  return (
    <Link href={`${prefix}/base-research/sessions/${encodeURIComponent(slug)}`} className="text-brand hover:underline">
      {children ?? slug}
    </Link>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-slate-500 ui-d:text-slate-300">{children}</p>;
}
