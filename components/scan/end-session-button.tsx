"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { useProblem } from "@/components/scan/use-problem";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { api } from "@/lib/http/client-api";
import { sessionLabel } from "@/lib/scan/schemas";

/** Ends the scan session once confirmed in a dialog; the page then shows it as ended. */
export function EndSessionButton({ sessionId, prefix }: { sessionId: string; prefix: string }) {
  const t = useTranslations("scan.session.end");
  const describe = useProblem();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = useCallback(() => {
    setConfirming(false);
    setFailure(null);
  }, []);

  async function end() {
    setEnding(true);
    setFailure(null);
    try {
      await api("/base-scan/api/session/end", { method: "POST", json: { session_id: sessionId } });
      setConfirming(false);
      router.replace(`${prefix}/base-scan/session?sid=${encodeURIComponent(sessionId)}`);
      router.refresh();
    } catch (failure) {
      setFailure(describe(failure, t("failed")));
    } finally {
      setEnding(false);
    }
  }

  return (
    <>
      <Button kind="secondary" block onClick={() => setConfirming(true)} data-testid="end-session">
        {t("button")}
      </Button>
      <Dialog open={confirming} onClose={close} title={t("title")} look="modal">
        <div className="space-y-4">
          <p className="text-sm">{t("body", { session: sessionLabel(sessionId) })}</p>
          <div className="flex flex-wrap gap-2">
            <Button kind="danger" onClick={end} disabled={ending} className="flex-1">
              {ending ? t("ending") : t("confirm")}
            </Button>
            <Button kind="secondary" onClick={close} disabled={ending} className="flex-1">
              {t("cancel")}
            </Button>
          </div>
          {failure ? <Notice tone="danger">{failure}</Notice> : null}
        </div>
      </Dialog>
    </>
  );
}
