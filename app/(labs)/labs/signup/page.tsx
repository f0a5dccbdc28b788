import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SignUpForm } from "@/components/accounts/sign-up-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { env } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("labs.accounts.signUp");
  return { title: t("title") };
}

// Open to anyone, household mode or not, while the household lets people in
// (SIGNUP=approval|email); with SIGNUP=off it does not exist
// (docs/decisions/034-accounts-and-credits.md).
export default async function SignUpPage() {
  const mode = env().SIGNUP;
  if (mode === "off") notFound();
  const t = await getTranslations("labs.accounts.signUp");
  return (
    <>
      <PageHeader title={t("title")}>{mode === "email" ? t("introEmail") : t("introApproval")}</PageHeader>
      <div className="mx-auto max-w-md">
        <Card title={t("formTitle")}>
          <SignUpForm mode={mode} />
        </Card>
        <p className="mt-4 text-sm text-muted">{t("what")}</p>
      </div>
    </>
  );
}
