import type { Metadata } from "next";
import { ApiReference, type OpenApiDocument } from "@/components/labs/api-reference";
import { PageHeader } from "@/components/ui/page-header";
import { API_PLANS } from "@/lib/auth/plans";
import { openApiDocument } from "@/lib/labs/openapi-document";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export const metadata: Metadata = { title: "API reference" };

// Public like the document it renders: it describes shapes, never data.
export default async function ApiDocsPage() {
  await requireHouseholdPage();
  const doc = openApiDocument() as unknown as OpenApiDocument;
  return (
    <>
      <PageHeader title="API reference">
        Every JSON endpoint, from the same schemas that check requests and answers ({doc.info.version}).{" "}
        <a href="/api/openapi.json" className="text-brand underline">
          openapi.json
        </a>
      </PageHeader>
      <div className="surface mb-6 rounded-xl border border-slate-200 bg-white p-4 text-sm ui-b:mb-3 ui-b:p-2">
        <p>
          <strong>Auth.</strong> Operator endpoints take the <code className="font-mono">labs_op</code> login cookie or{" "}
          <code className="font-mono">Authorization: Bearer &lt;API key&gt;</code>. Keys are minted in the admin page,
          limited per plan (
          {Object.entries(API_PLANS)
            .map(([plan, { requestsPerMinute }]) => `${plan} ${requestsPerMinute}`)
            .join(", ")}{" "}
          requests a minute; over it: 429 with Retry-After) and every keyed request is logged.
        </p>
        <p className="mt-2">
          <strong>Errors.</strong> Always{" "}
          <code className="font-mono break-all">{'{ "ok": false, "error": { "code", "message", "issues"? } }'}</code>.
        </p>
      </div>
      <ApiReference doc={doc} />
    </>
  );
}
