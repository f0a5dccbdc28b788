import { getTranslations } from "next-intl/server";
import { Folded } from "@/components/labs/folded";
import { McpConnect } from "@/components/labs/mcp-connect";
import { MintKeyForm } from "@/components/labs/mint-key-form";
import { RevokeButton } from "@/components/labs/revoke-button";
import { Card } from "@/components/ui/card";
import { DataTable, ROW_CLASS } from "@/components/ui/data-table";
import { Time } from "@/components/ui/time";
import { adminApiKeys } from "@/components/labs/admin/admin-data";
import { listPlans } from "@/lib/auth/plans";

/** The admin page's API keys: mint one, connect an agent over MCP, revoke. */
export async function KeysCard() {
  const [keys, allPlans, t] = await Promise.all([adminApiKeys(), listPlans(), getTranslations("labs.admin")]);
  const plans = allPlans.map((plan) => ({ name: plan.name, perMinute: plan.requestsPerMinute }));
  return (
    <Card title={t("keys.title")}>
      <MintKeyForm plans={plans} />
      <Folded className="mt-2" summary={t("keys.mcp.title")}>
        <McpConnect idPrefix="mcp" />
      </Folded>
      <DataTable
        className="mt-4 ui-b:mt-2"
        label={t("keys.title")}
        columns={[
          { header: t("keys.key") },
          { header: t("keys.lastUsed") },
          { header: t("keys.actions"), align: "end", hidden: true },
        ]}
        empty={keys.length === 0 ? t("keys.none") : null}
      >
        {keys.map((key) => (
          <tr key={key.id} className={ROW_CLASS}>
            <td className="py-2 pr-2">
              <span className="font-medium break-words">{key.name}</span>
              <span className="block text-xs text-muted">
                {key.plan} · {key.scopes.join(", ")} · <span className="font-mono">{key.prefix}…</span>
              </span>
            </td>
            <td className="py-2 pr-2">
              {key.last_used_at ? <Time iso={key.last_used_at} /> : <span className="text-muted">{t("never")}</span>}
            </td>
            <td className="py-2 text-right">
              {key.revoked_at ? (
                <span className="text-muted">{t.rich("revoked", { time: () => <Time iso={key.revoked_at!} /> })}</span>
              ) : (
                <RevokeButton path={`/labs/api/keys/${key.id}/revoke`} name={key.name} />
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </Card>
  );
}
