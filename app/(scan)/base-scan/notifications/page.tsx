import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotificationSettings } from "@/components/notify/notification-settings";
import { PageHeader } from "@/components/ui/page-header";
import { requireHouseholdPage } from "@/lib/auth/household-page";
import { env } from "@/lib/env";
import { listQuietHours } from "@/lib/notify/manage-channels";
import { listPeople } from "@/lib/scan/people";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("labs.notifications");
  return { title: t("title") };
}

// In the Scan area, so the Scan service worker (scope /base-scan/) is the one
// that holds the phone's push subscription and shows what arrives.
export default async function NotificationsPage() {
  await requireHouseholdPage();
  const t = await getTranslations("labs.notifications");
  const [people, quietHours] = await Promise.all([listPeople(), listQuietHours()]);
  return (
    <>
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <NotificationSettings
        people={people.map((person) => person.name)}
        quietHours={quietHours}
        householdQuietHours={env().NOTIFY_QUIET_HOURS}
      />
    </>
  );
}
