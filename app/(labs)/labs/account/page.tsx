import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { AccountKeys } from "@/components/accounts/account-keys";
import { DeleteAccountButton } from "@/components/accounts/delete-account-button";
import { UsageBars } from "@/components/accounts/usage-bars";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { Time } from "@/components/ui/time";
import { listAccountKeys } from "@/lib/accounts/account-keys";
import { accountUsage, getAccountOrThrow } from "@/lib/accounts/manage-accounts";
import { ACCOUNT_COOKIE, findAccountSession } from "@/lib/accounts/sessions";
import { env } from "@/lib/env";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("labs.accounts.page");
  return { title: t("title") };
}

// An account's own page: its credits, keys and usage. Its cookie is checked
// here, as the routes check it (docs/decisions/034-accounts-and-credits.md).
export default async function AccountPage() {
  if (env().SIGNUP === "off") notFound();
  const session = await findAccountSession((await cookies()).get(ACCOUNT_COOKIE)?.value);
  if (!session) redirect("/labs/signup");
  const id = session.accountId;
  const [account, keys, usage, t, locale] = await Promise.all([
    getAccountOrThrow({ id }),
    listAccountKeys({ accountId: id }),
    accountUsage({ id }),
    getTranslations("labs.accounts.page"),
    getLocale() as Promise<Locale>,
  ]);
  return (
    <>
      <PageHeader title={t("title")}>{t("intro", { name: account.name, email: account.email })}</PageHeader>
      {account.status === "suspended" ? <p className="mb-4 text-sm font-medium text-danger">{t("suspended")}</p> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={t("creditsTitle")}>
          <div className="grid grid-cols-2 gap-3">
            <Stat label={t("creditsLeft")} value={formatNumber(locale, account.credits_remaining)} />
            <Stat label={t("plan")} value={account.plan} />
          </div>
          <p className="mt-3 text-sm text-muted">
            {t.rich("renews", { time: () => <Time iso={account.credits_reset_at} /> })}
          </p>
        </Card>
        <Card title={t("keysTitle")}>
          <AccountKeys keys={keys} scopesAllowed={account.scopes_allowed} />
        </Card>
        <Card title={t("usageTitle")}>
          <UsageBars usage={usage} labels={{ days: t("usageDays"), routes: t("usageRoutes"), none: t("usageNone") }} />
        </Card>
        <Card title={t("leaveTitle")}>
          <div className="flex flex-wrap gap-2">
            <form method="post" action="/labs/signout">
              <Button type="submit" kind="secondary">
                {t("signOut")}
              </Button>
            </form>
            <a
              className="inline-flex min-h-11 items-center text-sm text-link underline"
              href={`/labs/api/accounts/${id}/export`}
            >
              {t("export")}
            </a>
            <DeleteAccountButton id={id} />
          </div>
        </Card>
      </div>
    </>
  );
}
