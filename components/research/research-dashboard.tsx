"use client";

import { Card } from "@/components/ui/card";
import { OriginTag } from "@/components/ui/origin-tag";
import { Stat } from "@/components/ui/stat";
import { Empty, ItemLink, OutLink, Price, SessionLink } from "@/components/research/bits";
import { NoteForm } from "@/components/research/note-form";
import { ObservationTable } from "@/components/research/observation-table";
import { UpdatedAgo } from "@/components/research/updated-ago";
import { When } from "@/components/research/when";
import { formatPriceFmt } from "@/lib/research/format";
import type { StateSnapshot } from "@/lib/research/schemas";
import { useResearchState } from "@/lib/research/use-research-state";

/**
 * The research dashboard (DESIGN §2): the server renders the first snapshot,
 * SWR refreshes it every 30 s. Only data flows through here; the note form
 * keeps its own state and is never remounted, so a refresh cannot touch what
 * the operator is typing.
 */
export function ResearchDashboard({ initial, prefix }: { initial: StateSnapshot; prefix: string }) {
  const { data, error, isValidating, mutate, updatedAt } = useResearchState(initial);
  const snapshot = data ?? initial;
  const { counts } = snapshot;

  return (
    <div className="space-y-4 ui-b:space-y-2">
      <UpdatedAgo updatedAt={updatedAt} refreshing={isValidating} error={error} />

      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="research-counts">
        <Stat label="Items" value={counts.items} />
        <Stat label="Observations" value={counts.obs} />
        <Stat label="Sessions" value={counts.sessions} />
        <Stat label="Sources" value={counts.sources} />
        <Stat label="Notes" value={counts.notes} />
      </div>

      <div className="grid gap-4 lg:grid-cols-3 ui-b:gap-2">
        <div className="space-y-4 lg:col-span-2 ui-b:space-y-2">
          <Card title="Recent observations">
            <RecentTable snapshot={snapshot} prefix={prefix} />
          </Card>
          <Card title="Price drops">
            <Drops drops={snapshot.drops} prefix={prefix} />
          </Card>
          <Card title="Out of stock">
            <OutOfStock oos={snapshot.oos} prefix={prefix} />
          </Card>
        </div>
        <div className="space-y-4 ui-b:space-y-2">
          <Card title="Notes for the agent">
            <NoteForm snapshot={snapshot} mutate={mutate} />
            <NoteList notes={snapshot.notes} prefix={prefix} />
          </Card>
          <Card title="Sessions">
            <Sessions snapshot={snapshot} prefix={prefix} />
          </Card>
        </div>
      </div>
    </div>
  );
}

type SectionProps = { snapshot: StateSnapshot; prefix: string };

function RecentTable({ snapshot, prefix }: SectionProps) {
  if (snapshot.recent.length === 0)
    return <Empty>No observations yet. The agent records them with POST observe.</Empty>;
  return <ObservationTable rows={snapshot.recent} prefix={prefix} testId="recent-observations" />;
}

// Drops, out-of-stock and notes take only their own list, so the operator
// dashboard at / shows them the same way.
export function Drops({ drops, prefix }: { drops: StateSnapshot["drops"]; prefix: string }) {
  if (drops.length === 0) return <Empty>No price drops.</Empty>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="price-drops">
      {drops.map((drop) => (
        <li key={drop.br_id} className="flex items-start gap-2 py-2 text-sm">
          <span className="mt-0.5 rounded bg-emerald-600 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums ui-d:bg-yellow-300 ui-d:text-black">
            −{drop.drop_pct.toLocaleString("pt-PT")} %
          </span>
          <div className="min-w-0 flex-1">
            <ItemLink prefix={prefix} id={drop.item_id} name={drop.item_name} />
            <div className="text-xs text-slate-500 ui-d:text-slate-300">
              {drop.source} · <When iso={drop.observed_at} />
            </div>
          </div>
          <div className="text-right">
            <div className="text-xs text-slate-400 line-through ui-d:text-slate-300">
              <Price text={formatPriceFmt(drop.old_price, drop.currency)} />
            </div>
            <div className="font-semibold">
              <Price text={formatPriceFmt(drop.new_price, drop.currency)} />
            </div>
          </div>
          <OutLink url={drop.url} label={`${drop.item_name} at ${drop.source}`} />
        </li>
      ))}
    </ul>
  );
}

export function OutOfStock({ oos, prefix }: { oos: StateSnapshot["oos"]; prefix: string }) {
  if (oos.length === 0) return <Empty>Nothing is out of stock.</Empty>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="out-of-stock">
      {oos.map((row) => (
        <li key={`${row.item_id}-${row.source}`} className="flex items-start gap-2 py-2 text-sm">
          <div className="min-w-0 flex-1">
            <ItemLink prefix={prefix} id={row.item_id} name={row.item_name} />
            <div className="text-xs text-slate-500 ui-d:text-slate-300">
              {row.source} · out since <When iso={row.since} />
            </div>
          </div>
          <OutLink url={row.url} label={`${row.item_name} at ${row.source}`} />
        </li>
      ))}
    </ul>
  );
}

function Sessions({ snapshot, prefix }: SectionProps) {
  if (snapshot.sessions.length === 0) return <Empty>No sessions yet.</Empty>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="sessions">
      {snapshot.sessions.map((session) => (
        <li key={session.slug} className="py-2 text-sm">
          <SessionLink prefix={prefix} slug={session.slug}>
            <span className="font-medium">{session.title ?? session.slug}</span>
          </SessionLink>
          <div className="text-xs text-slate-500 ui-d:text-slate-300">
            {session.item_count} {session.item_count === 1 ? "item" : "items"} · {session.obs_count}{" "}
            {session.obs_count === 1 ? "observation" : "observations"}
            {session.last_obs ? (
              <>
                {" "}
                · last <When iso={session.last_obs} />
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function NoteList({ notes, prefix }: { notes: StateSnapshot["notes"]; prefix: string }) {
  if (notes.length === 0) return <Empty>No notes yet.</Empty>;
  return (
    <ul className="mt-3 divide-y divide-slate-100" data-testid="notes">
      {notes.map((note) => (
        <li key={note.id} className="py-2 text-sm" aria-busy={note.id < 0 || undefined}>
          <p className="break-words whitespace-pre-wrap">{note.content}</p>
          <div className="mt-0.5 text-xs text-slate-500 ui-d:text-slate-300">
            {note.id < 0 ? "sending…" : <When iso={note.created_at} />} · <OriginTag origin={note.origin} />
            {note.session_slug ? (
              <>
                {" "}
                · <SessionLink prefix={prefix} slug={note.session_slug} />
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
