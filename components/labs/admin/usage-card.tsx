import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable, ROW_CLASS } from "@/components/ui/data-table";
import { Select } from "@/components/ui/input";
import { Time } from "@/components/ui/time";
import { adminApiKeys } from "@/components/labs/admin/admin-data";
import { listApiUsage } from "@/lib/auth/api-usage";

const USAGE_ROWS = 50;

/** The admin page's usage log, the last lines, of one key (`keyId`) or of all. */
export async function UsageCard({ keyId }: { keyId?: number }) {
  const [keys, usage, t] = await Promise.all([
    adminApiKeys(),
    listApiUsage({ keyId, limit: USAGE_ROWS }),
    getTranslations("labs.admin"),
  ]);
  // A line without a key is an action taken with a session: the operator's or an account's.
  const actorName = (actor: string | null) =>
    actor?.startsWith("account:") ? t("usage.account", { id: actor.slice("account:".length) }) : t("usage.operator");
  return (
    <Card title={t("usage.title")}>
      <form method="get" className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 grow basis-40 sm:grow-0">
          <label htmlFor="usage-key" className="block text-sm font-medium">
            {t("usage.key")}
          </label>
          <Select id="usage-key" name="key" defaultValue={keyId ? String(keyId) : ""} className="mt-1">
            <option value="">{t("usage.allKeys")}</option>
            {keys.map((key) => (
              <option key={key.id} value={key.id}>
                {key.revoked_at ? t("usage.revokedKey", { name: key.name }) : key.name}
              </option>
            ))}
          </Select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t("usage.filter")}
        </button>
      </form>
      <DataTable
        className="mt-3 ui-b:mt-2"
        label={t("usage.title")}
        columns={[
          { header: t("usage.when") },
          { header: t("usage.request") },
          { header: t("usage.status"), align: "end" },
        ]}
        empty={usage.length === 0 ? (keyId ? t("usage.noneWithThis") : t("usage.none")) : null}
      >
        {usage.map((entry) => (
          <tr key={entry.id} className={ROW_CLASS}>
            <td className="py-1.5 pr-2">
              <Time iso={entry.created_at} />
              <span className="block text-xs break-words text-muted">
                {entry.key_name ?? actorName(entry.actor)}
                {entry.client ? ` · ${entry.client}` : ""}
              </span>
            </td>
            <td className="py-1.5 pr-2 font-mono text-xs break-all">
              {entry.method} {entry.path}
            </td>
            <td className={`py-1.5 text-right font-mono ${entry.status >= 400 ? "text-danger" : "text-success"}`}>
              {entry.status}
            </td>
          </tr>
        ))}
      </DataTable>
      <p className="mt-2 text-xs text-muted">
        {t.rich("usage.more", {
          count: USAGE_ROWS,
          code: (chunks) => <code className="font-mono">{chunks}</code>,
        })}
      </p>
    </Card>
  );
}
