import { getTranslations } from "next-intl/server";
import { TipsManager } from "@/components/ask/tips-manager";
import { Folded } from "@/components/labs/folded";
import { Card } from "@/components/ui/card";
import { AppLink } from "@/components/ui/link";
import { Stat } from "@/components/ui/stat";
import { listDecisionsReady, listPendingTodos } from "@/lib/ask/list-todos";

const QUEUE_ROWS = 3;

/** The admin page's Ask queue: what waits, the first few, and the tips. */
export async function QueueCard() {
  const [pending, decisions, t] = await Promise.all([
    listPendingTodos({ limit: QUEUE_ROWS }),
    listDecisionsReady({ limit: 0 }),
    getTranslations("labs.admin"),
  ]);
  return (
    <Card title={t("queue.title")}>
      <div className="grid grid-cols-2 gap-2" data-testid="ask-counts">
        <Stat label={t("queue.pending")} value={pending.count} />
        <Stat label={t("queue.decisions")} value={decisions.count} />
      </div>
      {pending.todos.length ? (
        <ol className="mt-2 space-y-1 text-sm" aria-label={t("queue.top")}>
          {pending.todos.map((todo) => (
            <li key={todo.id} className="flex gap-2">
              <span className="shrink-0 font-semibold">#{todo.id}</span>
              <AppLink
                href={`/base-ask/queue#todo-${todo.id}`}
                className="block min-h-[24px] min-w-0 truncate font-normal"
              >
                {todo.text}
              </AppLink>
            </li>
          ))}
        </ol>
      ) : null}
      <p className="mt-2 flex flex-wrap gap-x-3 text-sm">
        <AppLink href="/base-ask/queue" look="standalone">
          {t("queue.manage")}
        </AppLink>
        <AppLink href="/base-ask/queue?tab=decisions" look="standalone">
          {t("queue.decisionsLink")}
        </AppLink>
      </p>
      {/* Two dozen starter tips would bury the rest of the page: folded until wanted. */}
      <Folded className="mt-4" summary={t("queue.tips")}>
        <TipsManager />
      </Folded>
    </Card>
  );
}
