import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiReference, type OpenApiDocument } from "@/components/labs/api-reference";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { listPlans } from "@/lib/auth/plans";
import { openApiDocument } from "@/lib/platform/openapi-document";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("labs.apiDocs");
  return { title: t("title") };
}

const code = (chunks: React.ReactNode) => <code className="font-mono break-all">{chunks}</code>;

// Public like the document it renders: it describes shapes, never data.
export default async function ApiDocsPage() {
  await requireHouseholdPage();
  const t = await getTranslations("labs.apiDocs");
  const doc = openApiDocument() as unknown as OpenApiDocument;
  const plans = await listPlans();
  return (
    <>
      <PageHeader title={t("title")}>
        {t("intro", { version: doc.info.version })}{" "}
        <a href="/api/openapi.json" className="font-medium text-link underline underline-offset-2">
          openapi.json
        </a>
      </PageHeader>
      <Panel as="div" className="mb-6 text-sm ui-b:mb-3">
        <p>
          {t.rich("auth", {
            strong: (chunks) => <strong>{chunks}</strong>,
            code,
            bearer: `Authorization: Bearer <${t("keyPlaceholder")}>`,
            plans: plans.map((plan) => `${plan.name} ${plan.requestsPerMinute}`).join(", "),
          })}
        </p>
        <p className="mt-2">
          {t.rich("errors", {
            strong: (chunks) => <strong>{chunks}</strong>,
            envelope: () => code('{ "ok": false, "error": { "code", "message", "issues"? } }'),
          })}
        </p>
      </Panel>
      <ApiReference doc={doc} />
    </>
  );
}
