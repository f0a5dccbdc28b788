import type { ComponentProps } from "react";

// Text inputs, selects and text areas: one look, large enough for a thumb,
// the error state from aria-invalid (set by the form helper).

const CONTROL =
  "surface block w-full min-w-0 rounded-lg border border-line-strong bg-surface px-3 text-base text-fg placeholder:text-muted focus:border-accent focus:outline-none focus:ring-2 focus:ring-focus/40 aria-[invalid=true]:border-danger disabled:opacity-60 ui-b:text-sm";

export const inputClass = `${CONTROL} h-12 ui-b:h-9 ui-c:h-14 ui-c:text-lg`;

export function Input({ className = "", ...props }: ComponentProps<"input">) {
  return <input className={`${inputClass} ${className}`.trim()} {...props} />;
}

export function Select({ className = "", ...props }: ComponentProps<"select">) {
  return <select className={`${inputClass} ${className}`.trim()} {...props} />;
}

export function Textarea({ className = "", ...props }: ComponentProps<"textarea">) {
  return <textarea className={`${CONTROL} py-2 ${className}`.trim()} {...props} />;
}
