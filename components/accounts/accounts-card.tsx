import { getTranslations } from "next-intl/server";
import { AccountsManager } from "@/components/accounts/accounts-manager";
import { PlansEditor } from "@/components/accounts/plans-editor";
import { Folded } from "@/components/labs/folded";
import { Card } from "@/components/ui/card";
import { accountUsage, listAccounts } from "@/lib/accounts/manage-accounts";
import { shapePlan } from "@/lib/accounts/shapes";
import { listPlans } from "@/lib/auth/plans";
import { env } from "@/lib/env";

/** The admin page's accounts and plans (phase 2, docs/decisions/034-accounts-and-credits.md), loading its own data. */
export async function AccountsCard() {
  const [accounts, plans, t] = await Promise.all([listAccounts(), listPlans(), getTranslations("labs.admin.accounts")]);
  const mode = env().SIGNUP;
  // A household lets in a handful of accounts: one small query each is fine.
  const usage = await Promise.all(accounts.map((account) => accountUsage({ id: account.id })));
  return (
    <Card title={t("title")}>
      <p className="mb-3 text-sm text-muted">{t(`mode.${mode}`)}</p>
      <AccountsManager
        accounts={accounts.map((account, index) => ({ ...account, usage: usage[index]! }))}
        plans={plans.map((plan) => plan.name)}
      />
      <Folded className="mt-2" summary={t("plansTitle")}>
        <PlansEditor plans={plans.map(shapePlan)} />
      </Folded>
    </Card>
  );
}
