"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/scan/styles";
import { FetchError, postJson } from "@/lib/http/fetcher";
import { sessionLabel } from "@/lib/scan/schemas";

/** Ends the scan session after a second tap; the page then shows it as ended. */
export function EndSessionButton({ sessionId, prefix }: { sessionId: string; prefix: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function end() {
    setEnding(true);
    setFailure(null);
    try {
      await postJson("/base-scan/api/session/end", { session_id: sessionId });
      router.replace(`${prefix}/base-scan/session?sid=${encodeURIComponent(sessionId)}`);
      router.refresh();
    } catch (problem) {
      setFailure(problem instanceof FetchError ? problem.message : "The session could not be ended. Try again.");
      setEnding(false);
    }
  }

  if (!confirming) {
    return (
      <button type="button" onClick={() => setConfirming(true)} className={`${buttonClass("secondary")} w-full`}>
        End session
      </button>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-label="End this session?"
      className="surface space-y-3 rounded-xl border border-red-300 bg-red-50 p-3 ui-d:border-red-400"
    >
      <p className="text-sm">End {sessionLabel(sessionId)}? Its scans stay; your next scan starts a new session.</p>
      <div className="flex gap-2">
        <button type="button" onClick={end} disabled={ending} className={`${buttonClass("danger")} flex-1`}>
          {ending ? "Ending…" : "Yes, end it"}
        </button>
        <button
          type="button"
          onClick={() => setConfirming(false)}
          disabled={ending}
          className={`${buttonClass("secondary")} flex-1`}
        >
          Cancel
        </button>
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-700 ui-d:text-red-300">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
