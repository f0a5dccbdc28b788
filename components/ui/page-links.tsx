import Link from "next/link";

/**
 * The links under a list that shows one page at a time: back to the start,
 * and on to the rest. Plain links, so they work before (or without) the
 * page's JavaScript.
 */
export function PageLinks({
  label,
  first,
  more,
  firstLabel,
  moreLabel,
}: {
  /** What the links move through, for screen readers: "More cards". */
  label: string;
  /** The first page, when this is not it. */
  first: string | null;
  /** The next page, when there is one. */
  more: string | null;
  firstLabel: string;
  moreLabel: string;
}) {
  if (!first && !more) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 py-2">
      {first ? (
        <Link
          href={first}
          className="inline-flex min-h-11 items-center font-medium text-link underline underline-offset-2"
        >
          ← {firstLabel}
        </Link>
      ) : (
        <span />
      )}
      {more ? (
        <Link
          href={more}
          rel="next"
          className="inline-flex min-h-11 items-center font-medium text-link underline underline-offset-2"
        >
          {moreLabel} →
        </Link>
      ) : null}
    </nav>
  );
}

/** `path` with `cursor` (and any other parameters) as its query. */
export function pageHref(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
