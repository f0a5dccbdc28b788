"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { UsageBars } from "@/components/accounts/usage-bars";
import { CopyField } from "@/components/labs/copy-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Time } from "@/components/ui/time";
import { useAction } from "@/components/ui/use-action";
import type { AccountUsageJson, ListedAccountJson } from "@/lib/accounts/schemas";
import { api } from "@/lib/http/client-api";

type AccountWithUsage = ListedAccountJson & { usage: AccountUsageJson };

const STATUS_TONES = { waiting: "warn", unverified: "neutral", active: "success", suspended: "danger" } as const;

/** The operator's accounts: let one in (and hand over its link), move it to a plan, grant credits, suspend. */
export function AccountsManager({ accounts, plans }: { accounts: AccountWithUsage[]; plans: string[] }) {
  const t = useTranslations("labs.admin.accounts");
  if (accounts.length === 0) return <p className="text-sm text-muted">{t("none")}</p>;
  return (
    <ul className="divide-y divide-line">
      {accounts.map((account) => (
        <AccountRow key={account.id} account={account} plans={plans} />
      ))}
    </ul>
  );
}

function AccountRow({ account, plans }: { account: AccountWithUsage; plans: string[] }) {
  const t = useTranslations("labs.admin.accounts");
  const router = useRouter();
  const action = useAction();
  const [link, setLink] = useState<string | null>(null);
  const [credits, setCredits] = useState("100");
  const base = `/labs/api/accounts/${account.id}`;
  const send = (path: string, method: "POST" | "PATCH", body: unknown, done: string) =>
    action.run(async () => {
      const result = await api<{ url?: string }>(path, {
        method,
        json: body,
      });
      if (result.url) setLink(result.url);
      router.refresh();
      return done;
    });

  return (
    <li className="space-y-2 py-3 text-sm" data-testid={`account-${account.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-fg">
            {account.name} · <span className="break-all">{account.email}</span>
          </p>
          <p className="text-muted">
            {t("line", { plan: account.plan, credits: account.credits_remaining, keys: account.keys })} ·{" "}
            {account.last_used_at
              ? t.rich("lastUsed", { time: () => <Time iso={account.last_used_at!} /> })
              : t("neverUsed")}
          </p>
        </div>
        <Badge tone={STATUS_TONES[account.status]}>{t(`status.${account.status}`)}</Badge>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Button
          kind={account.status === "waiting" ? "primary" : "secondary"}
          disabled={action.busy}
          onClick={() => void send(`${base}/sign-in-link`, "POST", {}, t("linkMade"))}
        >
          {account.status === "waiting" ? t("letIn") : t("link")}
        </Button>
        {account.status === "active" ? (
          <Button
            kind="secondary"
            disabled={action.busy}
            onClick={() => void send(base, "PATCH", { status: "suspended" }, t("suspended", { email: account.email }))}
          >
            {t("suspend")}
          </Button>
        ) : null}
        {account.status === "suspended" ? (
          <Button
            kind="secondary"
            disabled={action.busy}
            onClick={() => void send(base, "PATCH", { status: "active" }, t("reactivated", { email: account.email }))}
          >
            {t("reactivate")}
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 basis-36">
          <label htmlFor={`account-plan-${account.id}`} className="block text-xs font-medium">
            {t("plan")}
          </label>
          <Select
            id={`account-plan-${account.id}`}
            value={account.plan}
            disabled={action.busy}
            onChange={(event) =>
              void send(base, "PATCH", { plan: event.target.value }, t("moved", { plan: event.target.value }))
            }
          >
            {plans.map((plan) => (
              <option key={plan} value={plan}>
                {plan}
              </option>
            ))}
          </Select>
        </div>
        <div className="min-w-0 basis-28">
          <label htmlFor={`account-credits-${account.id}`} className="block text-xs font-medium">
            {t("credits")}
          </label>
          <Input
            id={`account-credits-${account.id}`}
            inputMode="numeric"
            value={credits}
            onChange={(event) => setCredits(event.target.value)}
          />
        </div>
        <Button
          kind="secondary"
          disabled={action.busy || !/^\d{1,9}$/.test(credits) || Number(credits) < 1}
          onClick={() => void send(`${base}/credits`, "POST", { credits: Number(credits) }, t("granted", { credits }))}
        >
          {t("grant")}
        </Button>
      </div>
      <details>
        <summary className="cursor-pointer py-2.5 text-sm font-semibold text-link underline underline-offset-2">
          {t("usage")}
        </summary>
        <UsageBars
          usage={account.usage}
          labels={{ days: t("usageDays"), routes: t("usageRoutes"), none: t("usageNone") }}
        />
      </details>
      {link ? <CopyField id={`account-link-${account.id}`} label={t("linkLabel")} value={link} /> : null}
      {action.notice ? <Notice tone={action.notice.tone}>{action.notice.text}</Notice> : null}
    </li>
  );
}
