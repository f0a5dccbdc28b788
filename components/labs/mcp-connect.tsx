"use client";

import { useTranslations } from "next-intl";
import { CopyButton, CopyField } from "@/components/labs/copy-button";
import { Textarea } from "@/components/ui/input";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * How to point an MCP client at this Labs (docs/decisions/014-mcp.md): the
 * URL and header, and the same as a command and a JSON file for common
 * clients. With `apiKey` (just minted) the snippets carry the real key,
 * else a placeholder.
 */
export function McpConnect({ apiKey, idPrefix }: { apiKey?: string; idPrefix: string }) {
  const t = useTranslations("labs.admin.keys.mcp");
  const hydrated = useHydrated();
  // This page's own address, as the operator's browser reaches it.
  const url = `${hydrated ? window.location.origin : ""}/api/mcp`;
  const header = `Authorization: Bearer ${apiKey ?? t("keyPlaceholder")}`;
  const claudeCode = `claude mcp add --transport http labs ${url} --header "${header}"`;
  const config = JSON.stringify(
    { mcpServers: { labs: { type: "http", url, headers: { Authorization: header.slice("Authorization: ".length) } } } },
    null,
    2,
  );
  return (
    <div className="space-y-3 text-sm">
      <p>{t.rich("intro", { name: (chunks) => <span translate="no">{chunks}</span> })}</p>
      <div>
        <p className="font-medium">{t("url")}</p>
        <CopyField id={`${idPrefix}-url`} label={t("url")} value={url} />
      </div>
      <div>
        <p className="font-medium">{t("header")}</p>
        <CopyField id={`${idPrefix}-header`} label={t("header")} value={header} />
      </div>
      <div>
        <p className="font-medium" translate="no">
          {t("claudeCode")}
        </p>
        <CopyField id={`${idPrefix}-command`} label={t("command")} value={claudeCode} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-json`} className="font-medium">
          {t.rich("jsonConfig", { name: (chunks) => <span translate="no">{chunks}</span> })}
        </label>
        <Textarea
          id={`${idPrefix}-json`}
          readOnly
          translate="no"
          value={config}
          rows={config.split("\n").length}
          onFocus={(event) => event.currentTarget.select()}
          className="mt-1 font-mono text-xs whitespace-pre"
        />
        <div className="mt-1">
          <CopyButton text={config} fallbackId={`${idPrefix}-json`} />
        </div>
      </div>
      <p className="text-muted">{t("scopes")}</p>
    </div>
  );
}
