"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import { api } from "@/lib/http/client-api";

/** Deletes the signed-in account and all that is kept of it, after a confirmation. */
export function DeleteAccountButton({ id }: { id: number }) {
  const t = useTranslations("labs.accounts.page");
  const action = useAction();
  const router = useRouter();
  return (
    <>
      <Button
        kind="danger"
        disabled={action.busy}
        onClick={() => {
          if (!window.confirm(t("deleteConfirm"))) return;
          void action.run(async () => {
            await api(`/labs/api/accounts/${id}`, { method: "DELETE" });
            router.push("/labs/signup");
            return null;
          });
        }}
      >
        {t("delete")}
      </Button>
      {action.notice ? <Notice tone={action.notice.tone}>{action.notice.text}</Notice> : null}
    </>
  );
}
