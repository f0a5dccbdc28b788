import Link from "next/link";
import { ClaimForm, DecideForm, PriorityBadge, timeAgo } from "@/components/ask/todo-actions";
import { Empty } from "@/components/research/bits";
import type { TodoJson } from "@/lib/ask/schemas";

// The first pending asks and decisions on the operator dashboard. Claiming
// and deciding are the queue's own form posts, answering 303 back here with a
// notice; answering in full (text, priority, response) happens in the queue,
// which each ask links to.

/** `now`: when the data was read, so ages read the same on the server and after hydration. */
type ListProps = { todos: TodoJson[]; count: number; prefix: string; now: number };

function AskHeader({ todo, now }: { todo: TodoJson; now: number }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 ui-d:text-slate-300">
      <span className="font-semibold text-slate-900 ui-d:text-white">#{todo.id}</span>
      <PriorityBadge priority={todo.priority} />
      {todo.source === "bug" ? (
        <span className="rounded-full bg-rose-100 px-2 py-0.5 font-medium text-rose-800">Bug</span>
      ) : null}
      <span>{timeAgo(todo.created_at, now)}</span>
    </div>
  );
}

function More({ shown, count, href, what }: { shown: number; count: number; href: string; what: string }) {
  return (
    <p className="mt-2 text-sm">
      <Link href={href} className="font-medium text-brand underline">
        {count > shown ? `All ${count} ${what} in the queue` : "Open the queue"}
      </Link>
    </p>
  );
}

export function PendingAsks({ todos, count, prefix, now }: ListProps) {
  const queue = `${prefix}/base-ask/queue`;
  return (
    <>
      {todos.length === 0 ? (
        <Empty>Nothing is waiting. New asks show up here.</Empty>
      ) : (
        <ul className="divide-y divide-slate-200 ui-d:divide-white" data-testid="pending-asks">
          {todos.map((todo) => (
            <li key={todo.id} aria-label={`Ask ${todo.id}`} className="space-y-1.5 py-2.5 ui-b:py-1">
              <AskHeader todo={todo} now={now} />
              <p className="line-clamp-3 break-words whitespace-pre-wrap">{todo.text}</p>
              <div className="flex flex-wrap items-center gap-3">
                <ClaimForm todoId={todo.id} back={`${prefix}/#asks`} label={`Claim #${todo.id}`} />
                <Link href={`${queue}#todo-${todo.id}`} className="text-sm font-medium text-brand underline">
                  Answer
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <More shown={todos.length} count={count} href={queue} what="pending asks" />
    </>
  );
}

export function DecisionsReady({ todos, count, prefix, now }: ListProps) {
  const queue = `${prefix}/base-ask/queue?tab=decisions`;
  return (
    <>
      {todos.length === 0 ? (
        <Empty>No decisions are waiting for you.</Empty>
      ) : (
        <ul className="divide-y divide-slate-200 ui-d:divide-white" data-testid="decisions-ready">
          {todos.map((todo) => (
            <li key={todo.id} aria-label={`Decision ${todo.id}`} className="space-y-1.5 py-2.5 ui-b:py-1">
              <AskHeader todo={todo} now={now} />
              <p className="line-clamp-3 break-words whitespace-pre-wrap">{todo.text}</p>
              {/* The agent's options: in its response, or still a draft. */}
              {(todo.response ?? todo.draft_response) ? (
                <p className="line-clamp-4 rounded-lg bg-slate-50 p-2 text-sm break-words whitespace-pre-wrap ui-d:bg-black">
                  <span className="font-semibold">Options:</span> {todo.response ?? todo.draft_response}
                </p>
              ) : null}
              <details>
                <summary className="cursor-pointer py-1 text-sm font-medium text-brand ui-d:text-yellow-300">
                  Make the decision
                </summary>
                <div className="mt-1">
                  <DecideForm todoId={todo.id} back={`${prefix}/#decisions`} />
                </div>
              </details>
              <Link href={`${queue}#todo-${todo.id}`} className="text-sm font-medium text-brand underline">
                Open in the queue
              </Link>
            </li>
          ))}
        </ul>
      )}
      <More shown={todos.length} count={count} href={queue} what="decisions" />
    </>
  );
}
