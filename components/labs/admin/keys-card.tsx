import { getTranslations } from "next-intl/server";
import { Folded } from "@/components/labs/folded";
import { McpConnect } from "@/components/labs/mcp-connect";
import { MintKeyForm } from "@/components/labs/mint-key-form";
import { RevokeButton } from "@/components/labs/revoke-button";
import { Card } from "@/components/ui/card";
import { Time } from "@/components/ui/time";
import { listApiKeys } from "@/lib/auth/api-keys";
import { listPlans } from "@/lib/auth/plans";

/** The admin page's API keys: mint one, connect an agent over MCP, revoke. */
export async function KeysCard() {
  const [keys, allPlans, t] = await Promise.all([listApiKeys(), listPlans(), getTranslations("labs.admin")]);
  const plans = allPlans.map((plan) => ({ name: plan.name, perMinute: plan.requestsPerMinute }));
  return (
    <Card title={t("keys.title")}>
      <MintKeyForm plans={plans} />
      <Folded className="mt-2" summary={t("keys.mcp.title")}>
        <McpConnect idPrefix="mcp" />
      </Folded>
      <div className="relative mt-4 overflow-x-auto ui-b:mt-2">
        <table className="w-full text-left text-sm" aria-label={t("keys.title")}>
          <thead className="text-xs text-muted">
            <tr>
              <th className="py-1 pr-2 font-semibold">{t("keys.key")}</th>
              <th className="py-1 pr-2 font-semibold">{t("keys.lastUsed")}</th>
              <th className="py-1 text-right font-semibold">
                <span className="sr-only">{t("keys.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.length === 0 ? (
              <tr>
                <td colSpan={3} className="py-2 text-muted">
                  {t("keys.none")}
                </td>
              </tr>
            ) : null}
            {keys.map((key) => (
              <tr key={key.id} className="border-t border-line align-top">
                <td className="py-2 pr-2">
                  <span className="font-medium break-words">{key.name}</span>
                  <span className="block text-xs text-muted">
                    {key.plan} · {key.scopes.join(", ")} · <span className="font-mono">{key.prefix}…</span>
                  </span>
                </td>
                <td className="py-2 pr-2">
                  {key.last_used_at ? (
                    <Time iso={key.last_used_at} />
                  ) : (
                    <span className="text-muted">{t("never")}</span>
                  )}
                </td>
                <td className="py-2 text-right">
                  {key.revoked_at ? (
                    <span className="text-muted">
                      {t.rich("revoked", { time: () => <Time iso={key.revoked_at!} /> })}
                    </span>
                  ) : (
                    <RevokeButton path={`/labs/api/keys/${key.id}/revoke`} name={key.name} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
