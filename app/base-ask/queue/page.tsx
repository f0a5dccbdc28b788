import type { Metadata } from "next";
import Link from "next/link";
import { PageLinks } from "@/components/ask/page-links";
import { QueueNotice } from "@/components/ask/queue-notice";
import { TipsManager } from "@/components/ask/tips-manager";
import { TipsTicker } from "@/components/ask/tips-ticker";
import { TodoCard } from "@/components/ask/todo-card";
import { PageHeader } from "@/components/ui/page-header";
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

export const metadata: Metadata = { title: "Ask queue" };

const TABS = [
  { id: "pending", label: "Pending" },
  { id: "progress", label: "In progress" },
  { id: "decisions", label: "Decisions" },
  { id: "snoozed", label: "Snoozed" },
  { id: "closed", label: "Closed" },
  { id: "tips", label: "Tips" },
] as const;
type TabId = (typeof TABS)[number]["id"];
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
  const tab: TabId = TABS.some((t) => t.id === tabParam) ? (tabParam as TabId) : "pending";
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
      <PageHeader title="Ask queue">Highest priority first, then oldest first.</PageHeader>
      <TipsTicker initial={tip} />
      <QueueNotice notice={notice} />
      <nav aria-label="Queue tabs" className="-mx-4 mb-4 overflow-x-auto px-4">
        <ul className="flex gap-1 whitespace-nowrap">
          {TABS.map((t) => {
            const count = t.id === "tips" ? null : counts[t.id];
            const active = t.id === tab;
            return (
              <li key={t.id}>
                <Link
                  href={tabHref(t.id)}
                  aria-current={active ? "page" : undefined}
                  className={`block rounded-full px-3 py-2 text-sm font-medium ui-b:py-1 ui-c:px-4 ui-c:py-3 ${
                    active
                      ? "bg-brand text-white ui-d:bg-yellow-300 ui-d:text-black!"
                      : "bg-white text-slate-700 ring-1 ring-slate-200 ui-d:bg-black ui-d:text-white"
                  }`}
                >
                  {t.label}
                  {count !== null ? ` (${count})` : ""}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {tab === "tips" ? (
        <section className="surface rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 className="mb-2 text-base font-semibold">Tips</h2>
          <TipsManager />
        </section>
      ) : current && current.todos.length ? (
        <div className="space-y-3" data-testid={`queue-${tab}`}>
          {groupFollowUps(current.todos).map(({ todo, followUps }) => (
            <TodoCard key={todo.id} todo={todo} followUps={followUps} base={base} back={back} now={now} />
          ))}
          <PageLinks
            noun="todos"
            shown={current.todos.length}
            total={current.count}
            nextHref={current.next ? tabHref(tab, current.next) : null}
            nextLabel={`More ${TABS.find((t) => t.id === tab)!.label.toLowerCase()}`}
            firstHref={before ? tabHref(tab) : null}
            firstLabel="Back to the first"
          />
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          Nothing here.{" "}
          {before ? (
            // The todos after the cursor were closed or moved since the page before.
            <Link href={tabHref(tab)} className="text-brand underline">
              Back to the first
            </Link>
          ) : tab === "pending" ? (
            <Link href={`${prefix}/base-ask/`} className="text-brand underline">
              Capture something
            </Link>
          ) : null}
        </p>
      )}
    </>
  );
}
