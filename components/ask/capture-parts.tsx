import { PRIORITY_LABELS } from "@/lib/ask/priority-labels";

// Pieces the capture forms and the queue's edit form share.

/** The <option>s of a priority picker, most urgent first. */
export function PriorityOptions() {
  return Object.entries(PRIORITY_LABELS)
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([value, label]) => (
      <option key={value} value={value}>
        {value} · {label}
      </option>
    ));
}

/** What became of a capture: its number once sent, or why it was not (any other state shows nothing). */
export function CaptureStatus({ state }: { state: { kind: string; id?: number; message?: string } }) {
  return (
    <p aria-live="polite" className="min-h-5 text-sm">
      {state.kind === "sent" ? (
        <span className="text-green-700 ui-d:text-green-300">Sent as #{state.id}. Thank you!</span>
      ) : state.kind === "error" ? (
        <span role="alert" className="text-red-700 ui-d:text-red-300">
          {state.message}
        </span>
      ) : null}
    </p>
  );
}
