import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** The admin page's session: log out here or everywhere. */
export async function SessionCard() {
  const t = await getTranslations("labs.admin");
  return (
    <Card title={t("session.title")}>
      <div className="flex flex-wrap gap-2">
        <form method="post" action="/admin/logout">
          <button type="submit" className={buttonClass("primary")}>
            {t("session.logOut")}
          </button>
        </form>
        <form method="post" action="/admin/logout">
          <input type="hidden" name="everywhere" value="1" />
          <button type="submit" className={buttonClass("secondary")}>
            {t("session.everywhere")}
          </button>
        </form>
      </div>
      <p className="mt-2 text-sm text-muted">{t("session.hint")}</p>
    </Card>
  );
}
