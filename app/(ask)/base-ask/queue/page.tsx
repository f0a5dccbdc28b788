import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageLinks } from "@/components/ask/page-links";
import { QueueNotice } from "@/components/ask/queue-notice";
import { TipsManager } from "@/components/ask/tips-manager";
import { TipsTicker } from "@/components/ask/tips-ticker";
import { TodoCard } from "@/components/ask/todo-card";
import { chipClass } from "@/components/ui/chip";
import { AppLink } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import {
  countQueue,
  listClosed,
  listDecisionsReady,
  listInProgress,
  listPendingTodos,
  listSnoozed,
  type PageOptions,
  type TodoPage,
} from "@/lib/ask/list-todos";
import { queueCursor, timeCursor, type TodoJson } from "@/lib/ask/schemas";
import { encodeCursor } from "@/lib/http/paging";
import { getRandomTip } from "@/lib/ask/tips";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { requestVariant } from "@/lib/labs/request-variant";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ask.queue");
  return { title: t("metaTitle") };
}

const TABS = ["pending", "progress", "decisions", "snoozed", "closed", "tips"] as const;
type TabId = (typeof TABS)[number];
type ListTab = Exclude<TabId, "tips">;

/**
 * Todos per page of a tab: however many were captured (an anonymous flood
 * included), the page stays a few hundred kilobytes; "More" pages on with
 * the last todo's sort key in the address, so it works with JavaScript off.
 */
const QUEUE_PAGE_SIZE = 50;

const LISTS: Record<
  ListTab,
  { read: (options: PageOptions) => Promise<TodoPage>; cursor: typeof queueCursor | typeof timeCursor }
> = {
  pending: { read: listPendingTodos, cursor: queueCursor },
  progress: { read: listInProgress, cursor: queueCursor },
  decisions: { read: listDecisionsReady, cursor: queueCursor },
  snoozed: { read: listSnoozed, cursor: timeCursor },
  closed: { read: listClosed, cursor: timeCursor },
};

/** Follow-ups sit under their parent when both are in the list; otherwise they stand alone. */
function groupFollowUps(todos: TodoJson[]): { todo: TodoJson; followUps: TodoJson[] }[] {
  const ids = new Set(todos.map((t) => t.id));
  const children = new Map<number, TodoJson[]>();
  for (const todo of todos) {
    if (todo.parent_id && ids.has(todo.parent_id)) {
      children.set(todo.parent_id, [...(children.get(todo.parent_id) ?? []), todo]);
    }
  }
  return todos
    .filter((todo) => !(todo.parent_id && ids.has(todo.parent_id)))
    .map((todo) => ({ todo, followUps: children.get(todo.id) ?? [] }));
}

export default async function QueuePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[]>>;
}) {
  await requireOperatorPage("/base-ask/queue");
  const { tab: tabParam, notice, before: beforeParam } = await searchParams;
  const tab: TabId = TABS.includes(tabParam as TabId) ? (tabParam as TabId) : "pending";
  const t = await getTranslations("ask");
  const { prefix } = await requestVariant();
  const now = new Date();
  // A cursor that is not this tab's (an edited address) shows its first page.
  const before = tab === "tips" ? undefined : LISTS[tab].cursor.safeParse(beforeParam).data;
  const [counts, current, tip] = await Promise.all([
    countQueue({ now }),
    tab === "tips" ? null : LISTS[tab].read({ limit: QUEUE_PAGE_SIZE, before, now }),
    getRandomTip(),
  ]);
  const base = `${prefix}/base-ask/queue`;
  const tabHref = (id: TabId, cursor?: string) => {
    const query = new URLSearchParams({
      ...(id === "pending" ? {} : { tab: id }),
      ...(cursor ? { before: cursor } : {}),
    });
    return query.size ? `${base}?${query}` : base;
  };
  // Edits land back on the page they were made on.
  const back = tabHref(tab, before && encodeCursor(before));

  return (
    <>
      <PageHeader title={t("queue.title")}>{t("queue.intro")}</PageHeader>
      <TipsTicker initial={tip} />
      <QueueNotice notice={notice} />
      {/* Wrapped, not scrolled sideways: on a phone every tab, and which one is open, stays in sight. */}
      <nav aria-label={t("queue.tabsLabel")} className="mb-4">
        <ul className="flex flex-wrap gap-2 ui-b:gap-1">
          {TABS.map((id) => {
            const count = id === "tips" ? null : counts[id];
            const label = t(`queue.tabs.${id}`);
            return (
              <li key={id}>
                <AppLink
                  href={tabHref(id)}
                  look="plain"
                  aria-current={id === tab ? "page" : undefined}
                  className={chipClass()}
                >
                  {count !== null ? t("queue.tab", { label, count }) : label}
                </AppLink>
              </li>
            );
          })}
        </ul>
      </nav>

      {tab === "tips" ? (
        <Panel aria-labelledby="tips-heading">
          <h2 id="tips-heading" className="mb-2 text-base font-semibold">
            {t("tips.title")}
          </h2>
          <TipsManager />
        </Panel>
      ) : current && current.todos.length ? (
        <div className="space-y-3" data-testid={`queue-${tab}`}>
          {groupFollowUps(current.todos).map(({ todo, followUps }) => (
            <TodoCard key={todo.id} todo={todo} followUps={followUps} base={base} back={back} now={now} />
          ))}
          <PageLinks
            label={t("queue.pagesLabel")}
            summary={t("queue.pageSummary", { shown: current.todos.length, total: current.count })}
            nextHref={current.next ? tabHref(tab, current.next) : null}
            nextLabel={t(`queue.more.${tab}`)}
            firstHref={before ? tabHref(tab) : null}
            firstLabel={t("queue.backToFirst")}
          />
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-line-strong p-6 text-center text-muted">
          {t("queue.empty")}{" "}
          {before ? (
            // The todos after the cursor were closed or moved since the page before.
            <AppLink href={tabHref(tab)}>{t("queue.backToFirst")}</AppLink>
          ) : tab === "pending" ? (
            <AppLink href={`${prefix}/base-ask/`}>{t("queue.captureSomething")}</AppLink>
          ) : null}
        </p>
      )}
    </>
  );
}
