import { useLocale, useTranslations } from "next-intl";
import { PriorityOptions } from "@/components/ask/capture-parts";
import { DraftButton } from "@/components/ask/draft-button";
import { ClaimForm, DecideForm, PriorityBadge, ReleaseForm, TimeAgo } from "@/components/ask/todo-actions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { Select, Textarea } from "@/components/ui/input";
import { AppLink } from "@/components/ui/link";
import { Panel } from "@/components/ui/panel";
import { excerpt } from "@/lib/text/excerpt";
import { MOVES } from "@/lib/ask/moves";
import { SNOOZE_CHOICES, type TodoJson } from "@/lib/ask/schemas";
import { formatRelative } from "@/lib/i18n/format";

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

function isLink(url: string): boolean {
  return /^https?:\/\//.test(url) || /^\/(?!\/)/.test(url);
}

function Excerpt({ text, full, href }: { text: string; full: boolean; href: string }) {
  const t = useTranslations("ask.todo");
  // The household's own words: not the app's, and not translated (translate="no").
  if (full || text.length <= LIST_TEXT_CHARS) return <span translate="no">{text}</span>;
  return (
    <>
      <span translate="no">{excerpt(text, LIST_TEXT_CHARS)}</span>{" "}
      <AppLink prefetch={false} href={href} className="whitespace-nowrap">
        {t("readAll")}
      </AppLink>
    </>
  );
}

/**
 * Who captured it (lib/auth/origin.ts): `operator`, `local`, `key:<name>`,
 * `device:<name>` or `anonymous`. A stranger's text stands out, so no one
 * takes it for the household's.
 */
function CapturedBy({ origin }: { origin: string }) {
  const t = useTranslations("ask.origin");
  if (origin === "operator" || origin === "local") return <span data-origin={origin}>{t(origin)}</span>;
  if (origin.startsWith("key:")) return <span data-origin={origin}>{t("key", { name: origin.slice(4) })}</span>;
  if (origin.startsWith("device:")) return <span data-origin={origin}>{t("device", { name: origin.slice(7) })}</span>;
  return (
    <span
      className="rounded bg-warn-surface px-1 font-medium text-warn"
      data-origin={origin}
      title={t("anonymousTitle")}
    >
      {t("anonymous")}
    </span>
  );
}

export function TodoCard({ todo, followUps = [], base, back, now, nested = false, view = "list" }: Props) {
  const t = useTranslations("ask");
  const locale = useLocale();
  const full = view === "full";
  const formBack = `${back}#todo-${todo.id}`;
  const ids = {
    text: `todo-${todo.id}-text`,
    priority: `todo-${todo.id}-priority`,
    status: `todo-${todo.id}-status`,
    snooze: `todo-${todo.id}-snooze`,
    response: `response-${todo.id}`,
  };
  const todoPage = `${base}/${todo.id}`;
  const editable =
    full || [todo.text, todo.response ?? todo.draft_response ?? ""].every((value) => value.length <= INLINE_EDIT_CHARS);
  return (
    <Panel
      as="article"
      id={`todo-${todo.id}`}
      aria-label={t("todo.label", { id: todo.id })}
      className={`scroll-mt-4 ${nested ? "ml-2 border-l-4 border-l-line-strong sm:ml-3" : ""}`}
    >
      <header className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted ui-c:text-sm">
        {full ? (
          <span className="text-sm font-semibold text-fg">#{todo.id}</span>
        ) : (
          <AppLink prefetch={false} href={todoPage} className="text-sm text-fg!">
            #{todo.id}
          </AppLink>
        )}
        <PriorityBadge priority={todo.priority} />
        {todo.source === "bug" ? <Badge tone="danger">{t("todo.bug")}</Badge> : null}
        <span data-testid="todo-status" className="contents">
          <Badge>{t(`status.${todo.status}`)}</Badge>
        </span>
        <TimeAgo iso={todo.created_at} now={now} />
        <span aria-hidden="true">·</span>
        <CapturedBy origin={todo.origin} />
        {todo.parent_id && !nested ? (
          <>
            <span aria-hidden="true">·</span>
            <span>
              {t.rich("todo.followUpOf", {
                id: todo.parent_id,
                link: (chunks) => (
                  <AppLink prefetch={false} href={`${base}/${todo.parent_id}`}>
                    {chunks}
                  </AppLink>
                ),
              })}
            </span>
          </>
        ) : null}
      </header>

      <p className="break-words whitespace-pre-wrap">
        <Excerpt text={todo.text} full={full} href={todoPage} />
      </p>

      {todo.page_url ? (
        <p className="mt-1 truncate text-xs text-muted ui-c:text-sm">
          {isLink(todo.page_url)
            ? t.rich("todo.from", {
                url: excerpt(todo.page_url, 200),
                link: (chunks) => (
                  <a href={todo.page_url!} className="text-link underline underline-offset-2" rel="noreferrer">
                    {chunks}
                  </a>
                ),
              })
            : t("todo.fromText", { url: excerpt(todo.page_url, 200) })}
        </p>
      ) : null}

      {todo.attachments.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("todo.attachments")}>
          {todo.attachments.map((attachment) => (
            <li key={attachment.id}>
              <a
                href={attachment.url}
                target="_blank"
                rel="noreferrer"
                title={attachment.filename}
                className="block rounded"
              >
                {attachment.content_type.startsWith("image/") ? (
                  // eslint-disable-next-line @next/next/no-img-element -- operator-only bytes, not an optimisable asset
                  <img
                    src={attachment.url}
                    alt={attachment.filename}
                    loading="lazy"
                    className="size-16 rounded border border-line object-cover ui-c:size-20"
                  />
                ) : (
                  <span className="flex size-16 items-center justify-center rounded border border-line bg-sunken text-xs font-semibold text-fg ui-c:size-20">
                    {t("todo.pdf")}
                    <span className="sr-only">: {attachment.filename}</span>
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      ) : null}

      {todo.claimed_by ? (
        <p className="mt-2 text-sm text-info" data-testid="todo-claim">
          {t("todo.claimedBy", {
            agent: todo.claimed_by,
            until: formatRelative(locale, todo.lock_expires_at!, now),
          })}
        </p>
      ) : null}
      {todo.status === "snoozed" && todo.snooze_until ? (
        <p className="mt-2 text-sm text-muted">
          {t("todo.snoozedUntil", { when: formatRelative(locale, todo.snooze_until, now) })}
        </p>
      ) : null}
      {todo.decision ? (
        <p className="mt-2 text-sm break-words">
          <span className="font-semibold">{t("todo.decision")}</span>{" "}
          <Excerpt text={todo.decision} full={full} href={todoPage} />
        </p>
      ) : null}
      {todo.response && todo.status !== "pending" ? (
        <div className="mt-2 rounded-lg bg-sunken p-2 text-sm break-words whitespace-pre-wrap text-fg">
          <span className="font-semibold">{t("todo.response")}</span>{" "}
          <Excerpt text={todo.response} full={full} href={todoPage} />
        </div>
      ) : null}

      <div className="mt-3 flex flex-wrap gap-2 empty:hidden">
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
          <summary className="cursor-pointer py-2.5 text-sm font-medium text-link ui-b:py-1">{t("todo.edit")}</summary>
          <form action={`/core-ask/${todo.id}/update`} method="post" className="mt-2 space-y-3 ui-b:space-y-2">
            <input type="hidden" name="back" value={formBack} />
            <FormField label={t("todo.text")} id={ids.text}>
              {(control) => <Textarea {...control} name="text" required rows={3} defaultValue={todo.text} />}
            </FormField>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label={t("priority.label")} id={ids.priority}>
                {(control) => (
                  <Select {...control} name="priority" defaultValue={String(todo.priority)}>
                    <PriorityOptions />
                  </Select>
                )}
              </FormField>
              <FormField label={t("todo.moveTo")} id={ids.status}>
                {(control) => (
                  <Select {...control} name="status" defaultValue="">
                    <option value="">{t("todo.keep", { status: t(`status.${todo.status}`) })}</option>
                    {MOVES[todo.status]
                      .filter((status) => status !== todo.status)
                      .map((status) => (
                        <option key={status} value={status}>
                          {t(`status.${status}`)}
                        </option>
                      ))}
                  </Select>
                )}
              </FormField>
            </div>
            {MOVES[todo.status].includes("snoozed") ? (
              <FormField label={t("todo.snoozeFor")} id={ids.snooze}>
                {(control) => (
                  <Select {...control} name="snooze_hours" defaultValue="24">
                    {SNOOZE_CHOICES.map((choice) => (
                      <option key={choice.hours} value={choice.hours}>
                        {t(`todo.snooze.${choice.hours}`)}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            ) : null}
            <DraftButton todoId={todo.id} targetId={ids.response} />
            <FormField label={t("todo.responseLabel")} id={ids.response}>
              {(control) => (
                <Textarea
                  {...control}
                  name="response"
                  rows={5}
                  defaultValue={todo.response ?? todo.draft_response ?? ""}
                />
              )}
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" kind="secondary">
                {t("todo.save")}
              </Button>
              {MOVES[todo.status].includes("answered") ? (
                <Button type="submit" name="answer" value="1">
                  {t("todo.saveAndAnswer")}
                </Button>
              ) : null}
            </div>
          </form>
        </details>
      ) : (
        <p className="mt-3 text-sm">
          <AppLink prefetch={false} href={todoPage} look="standalone">
            {t("todo.editOnPage")}
          </AppLink>
        </p>
      )}

      {followUps.length ? (
        <section className="mt-3 space-y-2" aria-label={t("todo.followUpsOf", { id: todo.id })}>
          <h3 className="text-sm font-semibold">{t("todo.followUps")}</h3>
          {followUps.map((followUp) => (
            <TodoCard key={followUp.id} todo={followUp} base={base} back={back} now={now} nested />
          ))}
        </section>
      ) : null}
    </Panel>
  );
}
