import type { Metadata } from "next";
import Link from "next/link";
import { TipsManager } from "@/components/ask/tips-manager";
import { TipsTicker } from "@/components/ask/tips-ticker";
import { TodoCard } from "@/components/ask/todo-card";
import { PageHeader } from "@/components/ui/page-header";
import { listClosed, listDecisionsReady, listInProgress, listPendingTodos, listSnoozed } from "@/lib/ask/list-todos";
import type { TodoJson } from "@/lib/ask/schemas";
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
  const { tab: tabParam, notice } = await searchParams;
  const tab: TabId = TABS.some((t) => t.id === tabParam) ? (tabParam as TabId) : "pending";
  const { prefix } = await requestVariant();
  const now = new Date();
  const [pending, progress, decisions, snoozed, closed, tip] = await Promise.all([
    listPendingTodos({ limit: 200, now }),
    listInProgress({ now }),
    listDecisionsReady({ now }),
    listSnoozed({ now }),
    listClosed({ now }),
    getRandomTip(),
  ]);
  const lists = { pending, progress, decisions, snoozed, closed } as const;
  const base = `${prefix}/base-ask/queue`;
  const back = tab === "pending" ? base : `${base}?tab=${tab}`;
  const current = tab === "tips" ? null : lists[tab];

  return (
    <>
      <PageHeader title="Ask queue">Highest priority first, then oldest first.</PageHeader>
      <TipsTicker initial={tip} />
      {typeof notice === "string" && notice ? (
        <p
          role="status"
          className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800 ui-d:bg-black ui-d:text-green-300"
        >
          {notice.slice(0, 200)}
        </p>
      ) : null}
      <nav aria-label="Queue tabs" className="-mx-4 mb-4 overflow-x-auto px-4">
        <ul className="flex gap-1 whitespace-nowrap">
          {TABS.map((t) => {
            const count = t.id === "tips" ? null : lists[t.id].count;
            const active = t.id === tab;
            return (
              <li key={t.id}>
                <Link
                  href={t.id === "pending" ? base : `${base}?tab=${t.id}`}
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
          {current.count > current.todos.length ? (
            <p className="text-sm text-slate-500">
              Showing {current.todos.length} of {current.count}.
            </p>
          ) : null}
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          Nothing here.{" "}
          {tab === "pending" ? (
            <Link href={`${prefix}/base-ask/`} className="text-brand underline">
              Capture something
            </Link>
          ) : null}
        </p>
      )}
    </>
  );
}
