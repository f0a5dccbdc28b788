import { AvailabilityBadge, ItemLink, OutLink, Price } from "@/components/research/bits";
import { When } from "@/components/research/when";
import { OriginTag } from "@/components/ui/origin-tag";
import type { Availability } from "@/lib/research/schemas";

// Column classes of every research table.
export const th = "px-2 py-1.5 text-left text-xs font-medium text-slate-500 whitespace-nowrap ui-d:text-slate-300";
export const td = "px-2 py-1.5 align-top";

export type ObservationRow = {
  br_id: string;
  item_id: number;
  item_name: string;
  source: string;
  price_fmt: string | null;
  availability: Availability;
  observed_at: string;
  url: string | null;
  origin: string;
};

/** Observations of several items (the dashboard's recent ones, a session's), newest first. */
export function ObservationTable({ rows, prefix, testId }: { rows: ObservationRow[]; prefix: string; testId: string }) {
  return (
    <div className="-mx-2 overflow-x-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b border-slate-200">
            <th className={`${th} hidden md:table-cell`}>ID</th>
            <th className={th}>Item</th>
            <th className={`${th} hidden md:table-cell`}>Source</th>
            <th className={`${th} text-right`}>Price</th>
            <th className={th}>Stock</th>
            <th className={`${th} hidden sm:table-cell`}>Seen</th>
            <th className={th}>
              <span className="sr-only">Link</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((obs) => (
            <tr key={obs.br_id} className="border-b border-slate-100 last:border-0" data-br-id={obs.br_id}>
              <td className={`${td} hidden font-mono text-xs whitespace-nowrap md:table-cell`}>{obs.br_id}</td>
              <td className={`${td} break-words`}>
                <ItemLink prefix={prefix} id={obs.item_id} name={obs.item_name} />
                {/* On a phone the ID and source columns fold under the item. */}
                <div className="text-xs text-slate-500 md:hidden ui-d:text-slate-300">
                  <span className="font-mono">{obs.br_id}</span> · {obs.source} · <OriginTag origin={obs.origin} />
                </div>
              </td>
              <td className={`${td} hidden md:table-cell`}>
                {obs.source}
                <div className="text-xs text-slate-500 ui-d:text-slate-300">
                  <OriginTag origin={obs.origin} />
                </div>
              </td>
              <td className={`${td} text-right`}>
                <Price text={obs.price_fmt} />
              </td>
              <td className={td}>
                <AvailabilityBadge availability={obs.availability} />
              </td>
              <td className={`${td} hidden text-xs text-slate-500 sm:table-cell ui-d:text-slate-300`}>
                <When iso={obs.observed_at} />
              </td>
              <td className={`${td} py-0 text-right`}>
                <OutLink url={obs.url} label={`${obs.item_name} at ${obs.source}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
