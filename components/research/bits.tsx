import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { AppLink } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import type { Availability } from "@/lib/research/schemas";

const AVAILABILITY_TONE: Record<Availability, BadgeTone> = {
  in_stock: "success",
  oos: "danger",
  unknown: "neutral",
};

export function AvailabilityBadge({ availability }: { availability: Availability }) {
  const t = useTranslations("research.availability");
  return (
    <Badge tone={AVAILABILITY_TONE[availability]} className="whitespace-nowrap">
      {t(availability)}
    </Badge>
  );
}

/** A price as the API keeps it ("12.50"), in the reader's language, on one line; a dash without one. */
export function Price({ amount, currency }: { amount: string | null; currency: string | null }) {
  if (amount === null) return <span className="text-muted">—</span>;
  return <Money amount={amount} currency={currency ?? "EUR"} className="whitespace-nowrap" />;
}

/** The shop's page, in a new tab, without handing it our page (noopener) or our address (noreferrer). */
export function OutLink({ url, item, source }: { url: string | null; item: string; source: string }) {
  const t = useTranslations("research.links");
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
      aria-label={t("out", { item, source, host })}
      className="inline-flex min-h-[32px] min-w-[32px] items-center justify-center rounded text-link hover:bg-sunken ui-c:min-h-12 ui-c:min-w-12"
    >
      <span aria-hidden="true">↗</span>
    </a>
  );
}

export function ItemLink({ id, name }: { id: number; name: string }) {
  return <AppLink href={`/base-research/items/${id}`}>{name}</AppLink>;
}

export function SessionLink({ slug, children }: { slug: string; children?: ReactNode }) {
  return (
    <AppLink href={`/base-research/sessions/${encodeURIComponent(slug)}`} className="font-normal">
      {children ?? slug}
    </AppLink>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted">{children}</p>;
}
