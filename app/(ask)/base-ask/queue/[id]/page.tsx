import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { PageLinks } from "@/components/ask/page-links";
import { QueueNotice } from "@/components/ask/queue-notice";
import { TodoCard } from "@/components/ask/todo-card";
import { AppLink } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { getTodoDetailOrThrow } from "@/lib/ask/get-todo";
import { timeCursor, type TodoDetailJson } from "@/lib/ask/schemas";
import { encodeCursor } from "@/lib/http/paging";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { AppError } from "@/lib/http/errors";
import { idParam } from "@/lib/http/wire";
import { requestVariant } from "@/lib/labs/request-variant";

// A todo's own page: its whole text and editor (the queue's lists cut long
// ones), and its follow-ups a page at a time, the latest first page, with
// "Earlier follow-ups" leading back in time.

export async function generateMetadata({ params }: Pick<Props, "params">): Promise<Metadata> {
  const [{ id }, t] = await Promise.all([params, getTranslations("ask.todo")]);
  return { title: /^\d{1,10}$/.test(id) ? t("title", { id }) : t("metaTitle") };
}

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[]>>;
};

async function loadTodo(rawId: string, followUpsBefore: readonly number[] | undefined, now: Date) {
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  try {
    return await getTodoDetailOrThrow({ id: id.data, followUpsBefore, now });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function TodoPage({ params, searchParams }: Props) {
  const { id } = await params;
  await requireOperatorPage(`/base-ask/queue/${id}`);
  const { before: beforeParam, notice } = await searchParams;
  // An edited address with a cursor that is not one shows the latest follow-ups.
  const before = timeCursor.safeParse(beforeParam).data;
  const now = new Date();
  const [todo, { prefix }, t] = await Promise.all([
    loadTodo(id, before, now),
    requestVariant(),
    getTranslations("ask.todo"),
  ]);
  const base = `${prefix}/base-ask/queue`;
  const page = `${base}/${todo.id}`;
  const back = before ? `${page}?before=${encodeCursor(before)}` : page;

  return (
    <>
      <PageHeader title={t("title", { id: todo.id })}>
        <AppLink href={base}>{t("backToQueue")}</AppLink>
      </PageHeader>
      <QueueNotice notice={notice} />
      <TodoCard todo={todo} base={base} back={back} now={now} view="full" />
      <FollowUps todo={todo} base={base} back={back} page={page} before={before} now={now} />
    </>
  );
}

async function FollowUps({
  todo,
  base,
  back,
  page,
  before,
  now,
}: {
  todo: TodoDetailJson;
  base: string;
  back: string;
  page: string;
  before: readonly number[] | undefined;
  now: Date;
}) {
  if (!todo.follow_up_count) return null;
  const t = await getTranslations("ask.todo");
  return (
    <section className="mt-6 space-y-3" aria-labelledby="follow-ups-heading" data-testid="todo-follow-ups">
      <h2 id="follow-ups-heading" className="text-base font-semibold">
        {t("followUpsCount", { count: todo.follow_up_count })}
      </h2>
      <PageLinks
        label={t("followUpsLabel")}
        summary={t("followUpsSummary", { shown: todo.follow_ups.length, total: todo.follow_up_count })}
        nextHref={todo.follow_ups_next ? `${page}?before=${todo.follow_ups_next}` : null}
        nextLabel={t("earlierFollowUps")}
        firstHref={before ? page : null}
        firstLabel={t("latestFollowUps")}
      />
      {todo.follow_ups.map((followUp) => (
        <TodoCard key={followUp.id} todo={followUp} base={base} back={back} now={now} nested />
      ))}
    </section>
  );
}
