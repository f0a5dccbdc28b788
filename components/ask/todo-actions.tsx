import { priorityLabel } from "@/lib/ask/priority-labels";

// A todo's actions as plain form posts to /core-ask/<id>/… that answer 303
// back to `back`, so they work with JavaScript off. Shared by the queue's
// cards and the operator dashboard, so both act the same way.

const button =
  "rounded-lg px-3 py-2 text-sm font-medium ui-b:px-2 ui-b:py-1 ui-c:px-4 ui-c:py-3 ui-c:text-base disabled:opacity-50";
export const primaryButton = `${button} bg-brand text-white ui-d:bg-yellow-300 ui-d:text-black`;
export const secondaryButton = `${button} border border-slate-300 bg-white text-slate-800 ui-d:border-white ui-d:bg-black ui-d:text-white`;
export const fieldStyle =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base ui-b:py-1 ui-c:py-3 ui-d:border-white ui-d:bg-black ui-d:text-white";

/** "just now", "12 min ago", "5 h ago", "3 days ago" at `now`. */
export function timeAgo(iso: string, now: Date | number): string {
  const minutes = Math.round((Number(now) - Date.parse(iso)) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export function PriorityBadge({ priority }: { priority: number }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 font-medium ${priority >= 3 ? "bg-red-100 text-red-800" : priority >= 1 ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700"}`}
    >
      {priority} · {priorityLabel(priority)}
    </span>
  );
}

export function ClaimForm({ todoId, back, label }: { todoId: number; back: string; label?: string }) {
  return (
    <form action={`/core-ask/${todoId}/claim`} method="post">
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={primaryButton} aria-label={label}>
        Claim
      </button>
    </form>
  );
}

export function ReleaseForm({ todoId, back }: { todoId: number; back: string }) {
  return (
    <form action={`/core-ask/${todoId}/release`} method="post">
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={secondaryButton}>
        Release
      </button>
    </form>
  );
}

export function DecideForm({ todoId, back }: { todoId: number; back: string }) {
  return (
    <form action={`/core-ask/${todoId}/decide`} method="post" className="space-y-2">
      <input type="hidden" name="back" value={back} />
      <label className="block">
        <span className="mb-1 block text-sm font-medium">Your decision</span>
        <textarea name="decision" required rows={2} className={fieldStyle} />
      </label>
      <button type="submit" className={primaryButton}>
        Decide
      </button>
    </form>
  );
}
