import Link from "next/link";

// The way through a long list without JavaScript: how many there are, a link
// to the next page (its keyset cursor in the address) and one back to the first.

type Props = {
  /** What is listed, for the sentence: "todos", "follow-ups". */
  noun: string;
  shown: number;
  total: number;
  /** The next page, or null on the last one. */
  nextHref: string | null;
  nextLabel: string;
  /** The first page, when this is not it. */
  firstHref: string | null;
  firstLabel: string;
};

const linkStyle = "font-medium text-brand underline ui-d:text-yellow-300";

export function PageLinks({ noun, shown, total, nextHref, nextLabel, firstHref, firstLabel }: Props) {
  if (!nextHref && !firstHref) return null;
  return (
    <nav aria-label={`More ${noun}`} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2 text-sm">
      <p className="text-slate-600 ui-d:text-slate-200" data-testid="page-summary">
        {shown} of {total} {noun} on this page.
      </p>
      {nextHref ? (
        <Link href={nextHref} rel="next" prefetch={false} className={linkStyle}>
          {nextLabel}
        </Link>
      ) : null}
      {firstHref ? (
        <Link href={firstHref} prefetch={false} className={linkStyle}>
          {firstLabel}
        </Link>
      ) : null}
    </nav>
  );
}
