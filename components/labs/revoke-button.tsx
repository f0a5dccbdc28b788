"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FetchError, postJson } from "@/lib/http/fetcher";

/** Revoke (a key, a paired device) in two steps: the first press asks, the second posts to `path`. */
export function RevokeButton({ path, name }: { path: string; name: string }) {
  const router = useRouter();
  const [step, setStep] = useState<"idle" | "confirm" | "pending">("idle");
  const [error, setError] = useState<string | null>(null);

  const revoke = async () => {
    setStep("pending");
    setError(null);
    try {
      await postJson(path, {});
      router.refresh();
    } catch (caught) {
      setError(caught instanceof FetchError ? caught.message : `Could not revoke “${name}”.`);
      setStep("idle");
    }
  };

  if (step === "idle") {
    return (
      <span className="inline-flex flex-col items-end gap-1">
        <button
          type="button"
          onClick={() => setStep("confirm")}
          className="rounded-lg border border-red-300 px-3 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
        >
          Revoke
        </button>
        {error ? (
          <span role="alert" className="text-xs text-red-700">
            {error}
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1 text-sm">
      <span>Revoke “{name}”?</span>
      <button
        type="button"
        disabled={step === "pending"}
        onClick={revoke}
        className="rounded-lg bg-red-700 px-3 py-1 font-medium text-white disabled:opacity-60"
      >
        {step === "pending" ? "Revoking…" : "Yes, revoke"}
      </button>
      <button
        type="button"
        disabled={step === "pending"}
        onClick={() => setStep("idle")}
        className="rounded-lg border border-slate-300 px-3 py-1"
      >
        Cancel
      </button>
    </span>
  );
}
