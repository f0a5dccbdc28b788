"use client";

import { useLocale, useTranslations } from "next-intl";
import { Empty, ItemLink, OutLink, Price, SessionLink } from "@/components/research/bits";
import { NoteForm } from "@/components/research/note-form";
import { ObservationTable } from "@/components/research/observation-table";
import { UpdatedAgo } from "@/components/research/updated-ago";
import { Card } from "@/components/ui/card";
import { OriginTag } from "@/components/ui/origin-tag";
import { Stat } from "@/components/ui/stat";
import { Time } from "@/components/ui/time";
import { formatNumber } from "@/lib/i18n/format";
import type { StateSnapshot } from "@/lib/research/schemas";
import { useResearchState } from "@/lib/research/use-research-state";

/**
 * The research dashboard (docs/contract.md, "Paths"): the server renders the first snapshot,
 * SWR refreshes it every 30 s. Only data flows through here; the note form
 * keeps its own state and is never remounted, so a refresh cannot touch what
 * the operator is typing.
 */
export function ResearchDashboard({ initial }: { initial: StateSnapshot }) {
  const t = useTranslations("research.dashboard");
  const { data, error, isValidating, mutate, updatedAt } = useResearchState(initial);
  const snapshot = data ?? initial;
  const { counts } = snapshot;

  return (
    <div className="space-y-4 ui-b:space-y-2">
      <UpdatedAgo updatedAt={updatedAt} refreshing={isValidating} error={error} />

      <div className="grid grid-cols-2 gap-2 min-[400px]:grid-cols-3 sm:grid-cols-5" data-testid="research-counts">
        <Stat label={t("counts.items")} value={counts.items} />
        <Stat label={t("counts.observations")} value={counts.obs} />
        <Stat label={t("counts.sessions")} value={counts.sessions} />
        <Stat label={t("counts.sources")} value={counts.sources} />
        <Stat label={t("counts.notes")} value={counts.notes} />
      </div>

      <div className="grid gap-4 lg:grid-cols-3 ui-b:gap-2">
        <div className="min-w-0 space-y-4 lg:col-span-2 ui-b:space-y-2">
          <Card title={t("recent")}>
            <RecentTable snapshot={snapshot} />
          </Card>
          <Card title={t("drops")}>
            <Drops drops={snapshot.drops} />
          </Card>
          <Card title={t("outOfStock")}>
            <OutOfStock oos={snapshot.oos} />
          </Card>
        </div>
        <div className="min-w-0 space-y-4 ui-b:space-y-2">
          <Card title={t("notes")}>
            <NoteForm snapshot={snapshot} mutate={mutate} />
            <NoteList notes={snapshot.notes} />
          </Card>
          <Card title={t("sessions")}>
            <Sessions snapshot={snapshot} />
          </Card>
        </div>
      </div>
    </div>
  );
}

function RecentTable({ snapshot }: { snapshot: StateSnapshot }) {
  const t = useTranslations("research.dashboard");
  if (snapshot.recent.length === 0) return <Empty>{t("noObservations")}</Empty>;
  return <ObservationTable rows={snapshot.recent} testId="recent-observations" label={t("recent")} />;
}

// Drops, out-of-stock and notes take only their own list, so the operator
// dashboard at / shows them the same way. A drop says whose its prices are: a
// stranger's (listed only with RESEARCH_ANON_DROPS=1) on an amber badge.
export function Drops({ drops }: { drops: StateSnapshot["drops"] }) {
  const t = useTranslations("research.dashboard");
  const locale = useLocale();
  if (drops.length === 0) return <Empty>{t("noDrops")}</Empty>;
  return (
    <ul className="divide-y divide-line" data-testid="price-drops">
      {drops.map((drop) => (
        <li key={drop.br_id} className="flex items-start gap-2 py-2 text-sm" data-origin={drop.origin}>
          <span className="mt-0.5 shrink-0 rounded bg-success-surface px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-success tabular-nums">
            {formatNumber(locale, -drop.drop_pct / 100, { style: "percent", maximumFractionDigits: 1 })}
          </span>
          <div className="min-w-0 flex-1 break-words">
            <ItemLink id={drop.item_id} name={drop.item_name} />
            <div className="text-xs break-words text-muted">
              {drop.source} · <Time iso={drop.observed_at} /> · <OriginTag origin={drop.origin} />
              {drop.old_origin !== drop.origin ? (
                <>
                  {" · "}
                  {t.rich("wasBy", { origin: () => <OriginTag origin={drop.old_origin} /> })}
                </>
              ) : null}
            </div>
          </div>
          <div className="text-right">
            <div className="text-xs text-muted line-through">
              <span className="sr-only">{t("was")} </span>
              <Price amount={drop.old_price} currency={drop.currency} />
            </div>
            <div className="font-semibold">
              <span className="sr-only">{t("now")} </span>
              <Price amount={drop.new_price} currency={drop.currency} />
            </div>
          </div>
          <OutLink url={drop.url} item={drop.item_name} source={drop.source} />
        </li>
      ))}
    </ul>
  );
}

export function OutOfStock({ oos }: { oos: StateSnapshot["oos"] }) {
  const t = useTranslations("research.dashboard");
  if (oos.length === 0) return <Empty>{t("noOutOfStock")}</Empty>;
  return (
    <ul className="divide-y divide-line" data-testid="out-of-stock">
      {oos.map((row) => (
        <li key={`${row.item_id}-${row.source}`} className="flex items-start gap-2 py-2 text-sm">
          <div className="min-w-0 flex-1 break-words">
            <ItemLink id={row.item_id} name={row.item_name} />
            <div className="text-xs text-muted">
              {t.rich("outSince", { source: row.source, time: () => <Time iso={row.since} /> })}
            </div>
          </div>
          <OutLink url={row.url} item={row.item_name} source={row.source} />
        </li>
      ))}
    </ul>
  );
}

function Sessions({ snapshot }: { snapshot: StateSnapshot }) {
  const t = useTranslations("research.dashboard");
  if (snapshot.sessions.length === 0) return <Empty>{t("noSessions")}</Empty>;
  return (
    <ul className="divide-y divide-line" data-testid="sessions">
      {snapshot.sessions.map((session) => (
        <li key={session.slug} className="py-2 text-sm break-words">
          <SessionLink slug={session.slug}>
            <span className="font-medium">{session.title ?? session.slug}</span>
          </SessionLink>
          <div className="text-xs text-muted">
            {t("sessionCounts", { items: session.item_count, observations: session.obs_count })}
            {session.last_obs ? (
              <>
                {" · "}
                {t.rich("lastSeen", { time: () => <Time iso={session.last_obs!} /> })}
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function NoteList({ notes }: { notes: StateSnapshot["notes"] }) {
  const t = useTranslations("research.dashboard");
  if (notes.length === 0) return <Empty>{t("noNotes")}</Empty>;
  return (
    <ul className="mt-3 divide-y divide-line" data-testid="notes">
      {notes.map((note) => (
        // aria-busy until the server has saved it (a stand-in has a negative id): false once saved.
        <li key={note.id} className="py-2 text-sm" aria-busy={note.id < 0}>
          <p className="break-words whitespace-pre-wrap">{note.content}</p>
          <div className="mt-0.5 text-xs break-words text-muted">
            {note.id < 0 ? t("sending") : <Time iso={note.created_at} />} · <OriginTag origin={note.origin} />
            {note.session_slug ? (
              <>
                {" "}
                · <SessionLink slug={note.session_slug} />
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
