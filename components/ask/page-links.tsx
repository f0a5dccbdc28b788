import { AppLink } from "@/components/ui/link";

// The way through a long list without JavaScript: how many there are, a link
// to the next page (its keyset cursor in the address) and one back to the first.

type Props = {
  /** The navigation's name: "More todos". */
  label: string;
  /** "50 of 60 todos on this page." */
  summary: string;
  /** The next page, or null on the last one. */
  nextHref: string | null;
  nextLabel: string;
  /** The first page, when this is not it. */
  firstHref: string | null;
  firstLabel: string;
};

export function PageLinks({ label, summary, nextHref, nextLabel, firstHref, firstLabel }: Props) {
  if (!nextHref && !firstHref) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
      <p className="w-full text-muted sm:w-auto" data-testid="page-summary">
        {summary}
      </p>
      {nextHref ? (
        <AppLink href={nextHref} look="standalone" rel="next" prefetch={false}>
          {nextLabel}
        </AppLink>
      ) : null}
      {firstHref ? (
        <AppLink href={firstHref} look="standalone" prefetch={false}>
          {firstLabel}
        </AppLink>
      ) : null}
    </nav>
  );
}
