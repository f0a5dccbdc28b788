import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ItemLink, Price } from "@/components/research/bits";
import { ObservationTable } from "@/components/research/observation-table";
import { When } from "@/components/research/when";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { AppError } from "@/lib/http/errors";
import { requestVariant } from "@/lib/labs/request-variant";
import { getSessionDetailOrThrow, type SessionDetail } from "@/lib/research/get-session";
import { sessionSlugParam } from "@/lib/research/schemas";
import { OriginTag } from "@/components/ui/origin-tag";

export const metadata: Metadata = { title: "Research session" };

type Props = { params: Promise<{ slug: string }> };

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
  const [session, { prefix }] = await Promise.all([loadSession(slug), requestVariant()]);

  return (
    <>
      <Link href={`${prefix}/base-research/`} className="text-sm text-brand hover:underline">
        ← Research
      </Link>
      <PageHeader title={session.title ?? session.slug}>
        Session <span className="font-mono">{session.slug}</span>
        {session.created_at ? (
          <>
            , started <When iso={session.created_at} />
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
        <Card title="Context">
          {!session.started ? (
            <p className="text-sm text-slate-500">The agent has not started this session yet; notes already name it.</p>
          ) : session.context ? (
            <p className="text-sm break-words whitespace-pre-wrap" data-testid="session-context">
              {session.context}
            </p>
          ) : (
            <p className="text-sm text-slate-500">No context given.</p>
          )}
        </Card>

        <div className="grid gap-4 md:grid-cols-2 ui-b:gap-2">
          <Card title={`Items (${session.items.length})`}>
            {session.items.length === 0 ? (
              <p className="text-sm text-slate-500">No items observed in this session.</p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="session-items">
                {session.items.map((item) => (
                  <li key={item.item_id} className="flex items-start gap-2 py-2 text-sm">
                    <div className="min-w-0 flex-1 break-words">
                      <ItemLink prefix={prefix} id={item.item_id} name={item.item_name} />
                      <div className="text-xs text-slate-500 ui-d:text-slate-300">
                        {item.obs_count} {item.obs_count === 1 ? "observation" : "observations"} · last{" "}
                        <When iso={item.last_obs} />
                      </div>
                    </div>
                    <Price text={item.latest_price_fmt} />
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card title={`Notes (${session.notes.length})`}>
            {session.notes.length === 0 ? (
              <p className="text-sm text-slate-500">No notes name this session.</p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="session-notes">
                {session.notes.map((note) => (
                  <li key={note.id} className="py-2 text-sm">
                    <p className="break-words whitespace-pre-wrap">{note.content}</p>
                    <div className="text-xs text-slate-500 ui-d:text-slate-300">
                      <When iso={note.created_at} /> · <OriginTag origin={note.origin} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>

        {session.started ? (
          <Card title={`Observations (${session.observations.length})`}>
            <ObservationTable rows={session.observations} prefix={prefix} testId="session-observations" />
          </Card>
        ) : null}
      </div>
    </>
  );
}
