"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FetchError, api } from "@/lib/http/client-api";

/** Revoke (a key, a paired device) in two steps: the first press asks, the second posts to `path`. */
export function RevokeButton({ path, name }: { path: string; name: string }) {
  const t = useTranslations("labs.revoke");
  const actions = useTranslations("common.actions");
  const router = useRouter();
  const [step, setStep] = useState<"idle" | "confirm" | "pending">("idle");
  const [error, setError] = useState<string | null>(null);

  const revoke = async () => {
    setStep("pending");
    setError(null);
    try {
      await api(path, { method: "POST", json: {} });
      router.refresh();
    } catch (caught) {
      setError(caught instanceof FetchError ? caught.message : t("failed", { name }));
      setStep("idle");
    }
  };

  if (step === "idle") {
    return (
      <span className="inline-flex flex-col items-end gap-1">
        <Button kind="secondary" onClick={() => setStep("confirm")}>
          {t("revoke")}
        </Button>
        {error ? (
          <span role="alert" className="text-xs text-danger">
            {error}
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1 text-sm">
      <span>{t("confirm", { name })}</span>
      <Button kind="danger" disabled={step === "pending"} onClick={revoke}>
        {step === "pending" ? t("revoking") : t("yes")}
      </Button>
      <Button kind="secondary" disabled={step === "pending"} onClick={() => setStep("idle")}>
        {actions("cancel")}
      </Button>
    </span>
  );
}
