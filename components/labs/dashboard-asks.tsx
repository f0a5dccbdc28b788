import { useTranslations } from "next-intl";
import { DecideForm, PriorityBadge } from "@/components/ask/todo-actions";
import { Empty } from "@/components/research/bits";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { AppLink } from "@/components/ui/link";
import { RelativeTime } from "@/components/ui/time";
import type { TodoJson } from "@/lib/ask/schemas";

// The first pending asks and decisions on the operator dashboard. Claiming
// and deciding are the queue's own form posts, answering 303 back here with a
// notice; answering in full (text, priority, response) happens in the queue,
// which each ask links to.

/** `now`: when the data was read, so ages read the same on the server and after hydration. */
type ListProps = { todos: TodoJson[]; count: number; prefix: string; now: number };

function AskHeader({ todo, now }: { todo: TodoJson; now: number }) {
  const t = useTranslations("labs.dashboard.asks");
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
      <span className="font-semibold text-fg">#{todo.id}</span>
      <PriorityBadge priority={todo.priority} />
      {todo.source === "bug" ? <Badge tone="danger">{t("bug")}</Badge> : null}
      <RelativeTime iso={todo.created_at} now={now} />
    </div>
  );
}

function More({ shown, count, href, all }: { shown: number; count: number; href: string; all: string }) {
  const t = useTranslations("labs.dashboard.asks");
  return (
    <p className="mt-2 text-sm">
      <AppLink href={href}>{count > shown ? all : t("openQueue")}</AppLink>
    </p>
  );
}

export function PendingAsks({ todos, count, prefix, now }: ListProps) {
  const t = useTranslations("labs.dashboard.asks");
  const queue = "/base-ask/queue";
  return (
    <>
      {todos.length === 0 ? (
        <Empty>{t("noneWaiting")}</Empty>
      ) : (
        <ul className="divide-y divide-line" data-testid="pending-asks">
          {todos.map((todo) => (
            <li key={todo.id} aria-label={t("ask", { id: todo.id })} className="space-y-1.5 py-2.5 ui-b:py-1">
              <AskHeader todo={todo} now={now} />
              <p className="line-clamp-3 break-words whitespace-pre-wrap">{todo.text}</p>
              <div className="flex flex-wrap items-center gap-3">
                {/* The queue's own claim (a form post answering 303 back here), its label naming the ask. */}
                <form action={`/core-ask/${todo.id}/claim`} method="post">
                  <input type="hidden" name="back" value={`${prefix}/#asks`} />
                  <button type="submit" className={buttonClass("primary")} aria-label={t("claim", { id: todo.id })}>
                    {t("claimShort")}
                  </button>
                </form>
                <AppLink href={`${queue}#todo-${todo.id}`} look="standalone" className="text-sm">
                  {t("answer")}
                </AppLink>
              </div>
            </li>
          ))}
        </ul>
      )}
      <More shown={todos.length} count={count} href={queue} all={t("allPending", { count })} />
    </>
  );
}

export function DecisionsReady({ todos, count, prefix, now }: ListProps) {
  const t = useTranslations("labs.dashboard.asks");
  const queue = "/base-ask/queue?tab=decisions";
  return (
    <>
      {todos.length === 0 ? (
        <Empty>{t("noDecisions")}</Empty>
      ) : (
        <ul className="divide-y divide-line" data-testid="decisions-ready">
          {todos.map((todo) => (
            <li key={todo.id} aria-label={t("decision", { id: todo.id })} className="space-y-1.5 py-2.5 ui-b:py-1">
              <AskHeader todo={todo} now={now} />
              <p className="line-clamp-3 break-words whitespace-pre-wrap">{todo.text}</p>
              {/* The agent's options: in its response, or still a draft. */}
              {(todo.response ?? todo.draft_response) ? (
                <p className="line-clamp-4 rounded-lg bg-sunken p-2 text-sm break-words whitespace-pre-wrap">
                  <span className="font-semibold">{t("options")}</span> {todo.response ?? todo.draft_response}
                </p>
              ) : null}
              <details>
                <summary className="cursor-pointer py-2.5 text-sm font-medium text-link underline underline-offset-2">
                  {t("decide")}
                </summary>
                <div className="mt-1">
                  <DecideForm todoId={todo.id} back={`${prefix}/#decisions`} />
                </div>
              </details>
              <AppLink href={`${queue}#todo-${todo.id}`} look="standalone" className="text-sm">
                {t("openInQueue")}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <More shown={todos.length} count={count} href={queue} all={t("allDecisions", { count })} />
    </>
  );
}
