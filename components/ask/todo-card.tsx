import Link from "next/link";
import { PriorityOptions } from "@/components/ask/capture-parts";
import { DraftButton } from "@/components/ask/draft-button";
import { OriginTag } from "@/components/ui/origin-tag";
import {
  ClaimForm,
  DecideForm,
  fieldStyle,
  primaryButton,
  PriorityBadge,
  ReleaseForm,
  secondaryButton,
  timeAgo,
} from "@/components/ask/todo-actions";
import { excerpt } from "@/lib/ask/excerpt";
import { MOVES } from "@/lib/ask/moves";
import { SNOOZE_CHOICES, type TodoJson } from "@/lib/ask/schemas";

// One todo on the queue page or on its own page. Every action is a plain
// form post to /core-ask/<id>/… that answers 303 back here, so the queue
// works with JavaScript off; only "Draft a reply" needs it.
//
// In a list a card stays small whatever was captured (texts run to 20 000
// characters): long texts are cut, and a todo whose texts are too long to
// carry in an inline form is edited on its own page, which shows it whole.

/** Characters of a text, decision or response a list shows. */
export const LIST_TEXT_CHARS = 600;
/** The longest text or response a list's inline edit form carries. */
export const INLINE_EDIT_CHARS = 1000;

type Props = {
  todo: TodoJson;
  followUps?: TodoJson[];
  /** The queue page's path (with the UI-variant prefix); a todo's page is `${base}/<id>`. */
  base: string;
  /** The page this card is shown on, where edits land back. */
  back: string;
  now: Date;
  nested?: boolean;
  /** `full` on the todo's own page: every text whole, and claims land back there. */
  view?: "list" | "full";
};

function until(iso: string, now: Date): string {
  const minutes = Math.max(1, Math.round((Date.parse(iso) - now.getTime()) / 60_000));
  return minutes < 120 ? `${minutes} more min` : `${Math.round(minutes / 60)} more h`;
}

const STATUS_LABELS: Record<TodoJson["status"], string> = {
  pending: "Pending",
  needs_decision: "Needs decision",
  answered: "Answered",
  done: "Done",
  wontfix: "Won't fix",
  snoozed: "Snoozed",
};

function isLink(url: string): boolean {
  return /^https?:\/\//.test(url) || /^\/(?!\/)/.test(url);
}

function Excerpt({ text, full, href }: { text: string; full: boolean; href: string }) {
  if (full || text.length <= LIST_TEXT_CHARS) return text;
  return (
    <>
      {excerpt(text, LIST_TEXT_CHARS)}{" "}
      <Link
        prefetch={false}
        href={href}
        className="font-medium whitespace-nowrap text-brand underline ui-d:text-yellow-300"
      >
        Read all
      </Link>
    </>
  );
}

export function TodoCard({ todo, followUps = [], base, back, now, nested = false, view = "list" }: Props) {
  const full = view === "full";
  const formBack = `${back}#todo-${todo.id}`;
  const responseId = `response-${todo.id}`;
  const todoPage = `${base}/${todo.id}`;
  const editable =
    full || [todo.text, todo.response ?? todo.draft_response ?? ""].every((value) => value.length <= INLINE_EDIT_CHARS);
  return (
    <article
      id={`todo-${todo.id}`}
      aria-label={`Todo ${todo.id}`}
      className={`surface scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm ui-b:rounded ui-b:p-2 ui-c:p-5 ${nested ? "ml-3 border-l-4 border-l-slate-300" : ""}`}
    >
      <header className="mb-2 flex flex-wrap items-center gap-2 text-xs text-slate-600 ui-d:text-slate-300">
        {full ? (
          <span className="font-semibold text-slate-900 ui-d:text-white">#{todo.id}</span>
        ) : (
          <Link prefetch={false} href={todoPage} className="font-semibold text-slate-900 underline ui-d:text-white">
            #{todo.id}
          </Link>
        )}
        <PriorityBadge priority={todo.priority} />
        {todo.source === "bug" ? (
          <span className="rounded-full bg-rose-100 px-2 py-0.5 font-medium text-rose-800">Bug</span>
        ) : null}
        <span data-testid="todo-status">{STATUS_LABELS[todo.status]}</span>
        <span>· {timeAgo(todo.created_at, now)}</span>
        <span>
          · <OriginTag origin={todo.origin} />
        </span>
        {todo.parent_id && !nested ? (
          <span>
            · follow-up of{" "}
            <Link prefetch={false} href={`${base}/${todo.parent_id}`} className="underline">
              #{todo.parent_id}
            </Link>
          </span>
        ) : null}
      </header>

      <p className="break-words whitespace-pre-wrap">
        <Excerpt text={todo.text} full={full} href={todoPage} />
      </p>

      {todo.page_url ? (
        <p className="mt-1 truncate text-xs text-slate-500 ui-d:text-slate-300">
          From{" "}
          {isLink(todo.page_url) ? (
            <a href={todo.page_url} className="underline" rel="noreferrer">
              {excerpt(todo.page_url, 200)}
            </a>
          ) : (
            excerpt(todo.page_url, 200)
          )}
        </p>
      ) : null}

      {todo.attachments.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Attachments">
          {todo.attachments.map((attachment) => (
            <li key={attachment.id}>
              <a href={attachment.url} target="_blank" rel="noreferrer" title={attachment.filename} className="block">
                {attachment.content_type.startsWith("image/") ? (
                  // eslint-disable-next-line @next/next/no-img-element -- operator-only bytes, not an optimisable asset
                  <img
                    src={attachment.url}
                    alt={attachment.filename}
                    loading="lazy"
                    className="size-16 rounded border border-slate-200 object-cover ui-c:size-20"
                  />
                ) : (
                  <span className="flex size-16 items-center justify-center rounded border border-slate-200 bg-slate-100 text-xs font-semibold text-slate-600 ui-c:size-20">
                    PDF
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      ) : null}

      {todo.claimed_by ? (
        <p className="mt-2 text-sm text-indigo-800 ui-d:text-indigo-200" data-testid="todo-claim">
          Claimed by {todo.claimed_by} for {until(todo.lock_expires_at!, now)}
        </p>
      ) : null}
      {todo.status === "snoozed" && todo.snooze_until ? (
        <p className="mt-2 text-sm text-slate-600">Back in the queue in {until(todo.snooze_until, now)}</p>
      ) : null}
      {todo.decision ? (
        <p className="mt-2 text-sm">
          <span className="font-semibold">Decision:</span> <Excerpt text={todo.decision} full={full} href={todoPage} />
        </p>
      ) : null}
      {todo.response && todo.status !== "pending" ? (
        <div className="mt-2 rounded-lg bg-slate-50 p-2 text-sm whitespace-pre-wrap ui-d:bg-black">
          <span className="font-semibold">Response:</span> <Excerpt text={todo.response} full={full} href={todoPage} />
        </div>
      ) : null}

      <div className="mt-3 flex flex-wrap gap-2">
        {todo.claimed_by ? (
          <ReleaseForm todoId={todo.id} back={full ? formBack : `${base}#todo-${todo.id}`} />
        ) : todo.status === "pending" || todo.status === "needs_decision" ? (
          // In a list, a claimed todo moves to "In progress": land there, on it.
          <ClaimForm todoId={todo.id} back={full ? formBack : `${base}?tab=progress#todo-${todo.id}`} />
        ) : null}
      </div>

      {todo.status === "needs_decision" ? (
        <div className="mt-3">
          <DecideForm todoId={todo.id} back={formBack} />
        </div>
      ) : null}

      {editable ? (
        <details className="mt-3" open={full}>
          <summary className="cursor-pointer py-1 text-sm font-medium text-brand ui-d:text-yellow-300">
            Edit and answer
          </summary>
          <form action={`/core-ask/${todo.id}/update`} method="post" className="mt-2 space-y-3">
            <input type="hidden" name="back" value={formBack} />
            <label className="block">
              <span className="mb-1 block text-sm font-medium">Text</span>
              <textarea name="text" required rows={3} defaultValue={todo.text} className={fieldStyle} />
            </label>
            <div className="grid grid-cols-2 gap-2">
              <label className="block">
                <span className="mb-1 block text-sm font-medium">Priority</span>
                <select name="priority" defaultValue={String(todo.priority)} className={fieldStyle}>
                  <PriorityOptions />
                </select>
              </label>
              <label className="block">
                <span className="mb-1 block text-sm font-medium">Move to</span>
                <select name="status" defaultValue="" className={fieldStyle}>
                  <option value="">Keep ({STATUS_LABELS[todo.status]})</option>
                  {MOVES[todo.status]
                    .filter((status) => status !== todo.status)
                    .map((status) => (
                      <option key={status} value={status}>
                        {STATUS_LABELS[status]}
                      </option>
                    ))}
                </select>
              </label>
            </div>
            {MOVES[todo.status].includes("snoozed") ? (
              <label className="block">
                <span className="mb-1 block text-sm font-medium">Snooze for (when moving to Snoozed)</span>
                <select name="snooze_hours" defaultValue="24" className={fieldStyle}>
                  {SNOOZE_CHOICES.map((choice) => (
                    <option key={choice.hours} value={choice.hours}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <DraftButton todoId={todo.id} targetId={responseId} />
            <label className="block">
              <span className="mb-1 block text-sm font-medium">Response</span>
              <textarea
                id={responseId}
                name="response"
                rows={5}
                defaultValue={todo.response ?? todo.draft_response ?? ""}
                className={fieldStyle}
              />
            </label>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={secondaryButton}>
                Save
              </button>
              {MOVES[todo.status].includes("answered") ? (
                <button type="submit" name="answer" value="1" className={primaryButton}>
                  Save and answer
                </button>
              ) : null}
            </div>
          </form>
        </details>
      ) : (
        <p className="mt-3 text-sm">
          <Link prefetch={false} href={todoPage} className="font-medium text-brand underline ui-d:text-yellow-300">
            Edit and answer on its page
          </Link>
        </p>
      )}

      {followUps.length ? (
        <section className="mt-3 space-y-2" aria-label={`Follow-ups of ${todo.id}`}>
          <h3 className="text-sm font-semibold">Follow-ups</h3>
          {followUps.map((followUp) => (
            <TodoCard key={followUp.id} todo={followUp} base={base} back={back} now={now} nested />
          ))}
        </section>
      ) : null}
    </article>
  );
}
