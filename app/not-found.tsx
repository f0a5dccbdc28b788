import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";

export default function NotFound() {
  const t = useTranslations("common.notFound");
  return (
    <>
      <PageHeader title={t("title")}>{t("body")}</PageHeader>
      <AppLink href="/base-scan" look="standalone">
        {t("home")}
      </AppLink>
    </>
  );
}
