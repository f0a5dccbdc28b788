import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { AvailabilityBadge, ItemLink, OutLink, Price } from "@/components/research/bits";
import { OriginTag } from "@/components/ui/origin-tag";
import { Time } from "@/components/ui/time";
import type { Availability } from "@/lib/research/schemas";

// Column classes of every research table.
export const th = "px-2 py-1.5 text-left text-xs font-semibold text-muted whitespace-nowrap";
export const td = "px-2 py-1.5 align-top";

export type ObservationRow = {
  br_id: string;
  item_id: number;
  item_name: string;
  source: string;
  price: string | null;
  currency: string;
  availability: Availability;
  observed_at: string;
  url: string | null;
  origin: string;
};

/**
 * A wide table's box, scrolled sideways on a narrow screen: named and
 * focusable, so a keyboard can scroll it too.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="-mx-2 overflow-x-auto rounded">
      {children}
    </div>
  );
}

/** Observations of several items (the dashboard's recent ones, a session's), newest first. */
export function ObservationTable({ rows, testId, label }: { rows: ObservationRow[]; testId: string; label: string }) {
  const t = useTranslations("research.table");
  return (
    <ScrollBox label={label}>
      <table className="w-full text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b border-line">
            <th className={`${th} hidden md:table-cell`}>{t("id")}</th>
            <th className={th}>{t("item")}</th>
            <th className={`${th} hidden md:table-cell`}>{t("source")}</th>
            <th className={`${th} text-right`}>{t("price")}</th>
            <th className={th}>{t("stock")}</th>
            <th className={`${th} hidden sm:table-cell`}>{t("seen")}</th>
            <th className={th}>
              <span className="sr-only">{t("link")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((obs) => (
            <tr key={obs.br_id} className="border-b border-line last:border-0" data-br-id={obs.br_id}>
              <td className={`${td} hidden font-mono text-xs whitespace-nowrap md:table-cell`}>{obs.br_id}</td>
              <td className={`${td} break-words`}>
                <ItemLink id={obs.item_id} name={obs.item_name} />
                {/* On a phone the ID and source columns fold under the item. */}
                <div className="text-xs text-muted md:hidden">
                  <span className="font-mono">{obs.br_id}</span> · {obs.source} · <OriginTag origin={obs.origin} />
                </div>
              </td>
              <td className={`${td} hidden md:table-cell`}>
                {obs.source}
                <div className="text-xs text-muted">
                  <OriginTag origin={obs.origin} />
                </div>
              </td>
              <td className={`${td} text-right`}>
                <Price amount={obs.price} currency={obs.currency} />
              </td>
              <td className={td}>
                <AvailabilityBadge availability={obs.availability} />
              </td>
              <td className={`${td} hidden text-xs text-muted sm:table-cell`}>
                <Time iso={obs.observed_at} />
              </td>
              <td className={`${td} py-0 text-right`}>
                <OutLink url={obs.url} item={obs.item_name} source={obs.source} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
