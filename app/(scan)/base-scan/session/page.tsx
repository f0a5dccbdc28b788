import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cookies } from "next/headers";
import { EndSessionButton } from "@/components/scan/end-session-button";
import { documentName, InvoiceAmount } from "@/components/scan/invoice-details";
import { KindBadge } from "@/components/scan/kind-badge";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { AppLink } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { pageHref, PageLinks } from "@/components/ui/page-links";
import { Panel } from "@/components/ui/panel";
import { Stat } from "@/components/ui/stat";
import { Time } from "@/components/ui/time";
import { AppError } from "@/lib/http/errors";
import { requestVariant } from "@/lib/labs/request-variant";
import { getScanSessionDetail, SCAN_SESSION_COOKIE } from "@/lib/scan/scan-session";
import { SESSION_ID_PATTERN, sessionDetailQuery, sessionLabel } from "@/lib/scan/schemas";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("scan.session");
  return { title: t("title") };
}

const STATE_TONE = { open: "success", ended: "neutral", expired: "neutral" } as const;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The caller's scan session (the HttpOnly `scan_sid` cookie, read here), or
 * the one named by `?sid=`: its latest scans (the API's default page), older
 * ones from `?cursor=`.
 */
export default async function SessionPage({ searchParams }: Props) {
  await requireHouseholdPage();
  const t = await getTranslations("scan.session");
  const { prefix } = await requestVariant();
  const query = await searchParams;
  const asked = validSessionId(query.sid);
  const current = validSessionId((await cookies()).get(SCAN_SESSION_COOKIE)?.value);
  const id = asked ?? current;
  // A stale or mangled cursor shows the latest scans rather than an error.
  const cursor = typeof query.cursor === "string" ? sessionDetailQuery.shape.cursor.safeParse(query.cursor) : null;
  const older = cursor?.success ? cursor.data : undefined;
  const detail = id ? await findSession(id, older) : null;

  if (!detail) {
    return (
      <>
        <PageHeader title={t("title")}>{t("intro")}</PageHeader>
        <Card title={t("none.title")}>
          <p className="text-sm text-muted">{t("none.body")}</p>
          <AppLink href="/base-scan/scan" look="standalone" className="mt-1">
            {t("none.open")}
          </AppLink>
        </Card>
      </>
    );
  }

  const { session, scans, invoices, totals, store, next } = detail;
  const sessionPage = `${prefix}/base-scan/session`;
  const invoiceByScan = new Map(invoices.map((invoice) => [invoice.scan_id, invoice]));
  return (
    <>
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <div className="space-y-4 ui-b:space-y-2">
        <Panel aria-label={t("summary")} className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-mono text-lg font-semibold" data-testid="session-id" data-session-id={session.id}>
              {sessionLabel(session.id)}
            </h2>
            <Badge tone={STATE_TONE[session.state]}>{t(`state.${session.state}`)}</Badge>
          </div>
          <p className="text-sm text-muted">
            {t.rich("times", {
              started: () => <Time iso={session.started_at} style="recent" />,
              last: () => <Time iso={session.last_scan_at} style="recent" />,
            })}
            {store ? ` · ${store.name}` : ""}
          </p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <Stat label={t("stats.scans")} value={totals.scans} />
            <Stat label={t("stats.invoices")} value={totals.invoices} />
            <div className="col-span-2 sm:col-span-1">
              <Stat label={t("stats.gross")} value={<Money amount={totals.gross_total} />} />
            </div>
          </div>
          {session.state === "open" ? (
            <EndSessionButton sessionId={session.id} prefix={prefix} />
          ) : (
            <AppLink href="/base-scan/scan" look="standalone" className="text-sm">
              {t("startNew")}
            </AppLink>
          )}
          {asked && current && asked !== current ? (
            <AppLink href="/base-scan/session" look="standalone" className="text-sm">
              {t("backToCurrent")}
            </AppLink>
          ) : null}
        </Panel>

        <section aria-label={t("scans")}>
          <h2 className="mb-1 text-base font-semibold">{t("scans")}</h2>
          {older || next ? (
            <p className="mb-2 text-sm text-muted" data-testid="session-scans-shown">
              {older
                ? t("olderShown", { count: scans.length, total: totals.scans })
                : t("latestShown", { count: scans.length, total: totals.scans })}
            </p>
          ) : null}
          {scans.length === 0 ? (
            <p className="text-sm text-muted">{t("empty")}</p>
          ) : (
            <Panel as="ul" kind="list">
              {[...scans].reverse().map((scan) => {
                const invoice = invoiceByScan.get(scan.id);
                return (
                  <li key={scan.id} data-testid="session-scan" className="space-y-1 px-3 py-2.5 ui-b:py-1 ui-c:py-3.5">
                    <div className="flex items-center justify-between gap-2">
                      <KindBadge kind={scan.kind} />
                      <Time iso={scan.created_at} style="recent" className="text-xs text-muted" />
                    </div>
                    {invoice ? (
                      <p className="text-sm font-medium">
                        {[documentName(invoice), invoice.issuer_nif && `NIF ${invoice.issuer_nif}`]
                          .filter(Boolean)
                          .join(" · ") || t("invoiceFallback")}
                      </p>
                    ) : null}
                    <p
                      className={`font-mono break-all ${invoice ? "line-clamp-2 text-xs text-muted" : "text-sm"}`}
                      data-testid="session-scan-value"
                    >
                      {scan.value}
                    </p>
                    <div className="flex items-baseline justify-between gap-2 text-sm">
                      <span className="text-muted">{scan.store_name ?? t("noStore")}</span>
                      {invoice ? <InvoiceAmount invoice={invoice} /> : null}
                    </div>
                  </li>
                );
              })}
            </Panel>
          )}
          <PageLinks
            label={t("olderLinks")}
            first={older ? pageHref(sessionPage, { sid: asked }) : null}
            more={next ? pageHref(sessionPage, { sid: asked, cursor: next }) : null}
            firstLabel={t("latestLink")}
            moreLabel={t("olderLink")}
          />
        </section>
      </div>
    </>
  );
}

function validSessionId(value: string | string[] | undefined): string | null {
  return typeof value === "string" && SESSION_ID_PATTERN.test(value) ? value : null;
}

async function findSession(id: string, cursor?: [number]) {
  try {
    return await getScanSessionDetail({ id, cursor });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}
