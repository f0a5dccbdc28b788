"use client";

import { useEffect, useState } from "react";

/** Seconds up to two minutes, then minutes: "updated 12 s ago", "updated 3 min ago". */
function ago(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 120) return `updated ${seconds} s ago`;
  return `updated ${Math.floor(seconds / 60)} min ago`;
}

export function UpdatedAgo({
  updatedAt,
  refreshing,
  error,
}: {
  updatedAt: number;
  refreshing: boolean;
  error: Error | undefined;
}) {
  const [now, setNow] = useState(updatedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="text-sm text-slate-500 ui-d:text-slate-300" aria-live="polite">
      <span data-testid="updated-ago">{ago(Math.max(now, updatedAt) - updatedAt)}</span>
      {refreshing ? " · refreshing…" : null}
      {error ? (
        <span className="text-rose-700 ui-d:text-yellow-300" role="alert">
          {" "}
          · could not refresh ({error.message}); showing the last snapshot
        </span>
      ) : null}
    </p>
  );
}
