import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ItemLink, Price } from "@/components/research/bits";
import { ObservationTable } from "@/components/research/observation-table";
import { Card } from "@/components/ui/card";
import { AppLink } from "@/components/ui/link";
import { OriginTag } from "@/components/ui/origin-tag";
import { PageHeader } from "@/components/ui/page-header";
import { Time } from "@/components/ui/time";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { AppError } from "@/lib/http/errors";
import { getSessionDetailOrThrow, type SessionDetail } from "@/lib/research/get-session";
import { sessionSlugParam } from "@/lib/research/schemas";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("research.session");
  return { title: t("metaTitle") };
}

// Next hands the segment over still percent-encoded ("viagem%20%C3%A0%20praia").
function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

async function loadSession(rawSlug: string): Promise<SessionDetail> {
  const slug = sessionSlugParam.safeParse(decodeSegment(rawSlug));
  if (!slug.success) notFound();
  try {
    return await getSessionDetailOrThrow({ slug: slug.data });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function ResearchSessionPage({ params }: Props) {
  const { slug } = await params;
  await requireOperatorPage(`/base-research/sessions/${decodeSegment(slug) ?? slug}`);
  const [session, t] = await Promise.all([loadSession(slug), getTranslations("research.session")]);
  const createdAt = session.created_at;

  return (
    <>
      <AppLink href="/base-research/" look="standalone" className="text-sm">
        ← {t("back")}
      </AppLink>
      <PageHeader title={session.title ?? session.slug}>
        {t.rich("slug", {
          slug: session.slug,
          code: (chunks) => <span className="font-mono break-all">{chunks}</span>,
        })}
        {createdAt ? (
          <>
            {", "}
            {t.rich("started", { time: () => <Time iso={createdAt} /> })}
            {session.origin ? (
              <>
                {" "}
                · <OriginTag origin={session.origin} />
              </>
            ) : null}
          </>
        ) : null}
      </PageHeader>

      <div className="space-y-4 ui-b:space-y-2">
        <Card title={t("context")}>
          {!session.started ? (
            <p className="text-sm text-muted">{t("notStarted")}</p>
          ) : session.context ? (
            <p className="text-sm break-words whitespace-pre-wrap" data-testid="session-context">
              {session.context}
            </p>
          ) : (
            <p className="text-sm text-muted">{t("noContext")}</p>
          )}
        </Card>

        <div className="grid gap-4 md:grid-cols-2 ui-b:gap-2">
          <Card title={t("items", { count: session.items.length })}>
            {session.items.length === 0 ? (
              <p className="text-sm text-muted">{t("noItems")}</p>
            ) : (
              <ul className="divide-y divide-line" data-testid="session-items">
                {session.items.map((item) => (
                  <li key={item.item_id} className="flex items-start gap-2 py-2 text-sm">
                    <div className="min-w-0 flex-1 break-words">
                      <ItemLink id={item.item_id} name={item.item_name} />
                      <div className="text-xs text-muted">
                        {t.rich("itemCounts", { count: item.obs_count, time: () => <Time iso={item.last_obs} /> })}
                      </div>
                    </div>
                    <Price amount={item.latest_price} currency={item.currency} />
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card title={t("notes", { count: session.notes.length })}>
            {session.notes.length === 0 ? (
              <p className="text-sm text-muted">{t("noNotes")}</p>
            ) : (
              <ul className="divide-y divide-line" data-testid="session-notes">
                {session.notes.map((note) => (
                  <li key={note.id} className="py-2 text-sm">
                    <p className="break-words whitespace-pre-wrap">{note.content}</p>
                    <div className="text-xs text-muted">
                      <Time iso={note.created_at} /> · <OriginTag origin={note.origin} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>

        {session.started ? (
          <Card title={t("observations", { count: session.observations.length })}>
            <ObservationTable
              rows={session.observations}
              testId="session-observations"
              label={t("observations", { count: session.observations.length })}
            />
          </Card>
        ) : null}
      </div>
    </>
  );
}
