import type { ReactNode } from "react";

/** Input, select and textarea look: large enough for a thumb, readable in every variant. */
export const inputClass =
  "surface block h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600 ui-b:h-9 ui-b:text-sm ui-c:h-14 ui-c:text-lg";

/** A labelled form field with its hint and its error beneath. */
export function Field({
  label,
  htmlFor,
  hint,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700 ui-d:text-slate-100">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} role="alert" className="text-sm text-red-700 ui-d:text-red-300">
          {error}
        </p>
      ) : hint ? (
        <p className="text-sm text-slate-500 ui-d:text-slate-300">{hint}</p>
      ) : null}
    </div>
  );
}

/** The one main action of a form: full width, thumb height. */
export const primaryButtonClass =
  "h-12 w-full rounded-xl bg-brand px-4 text-base font-semibold text-white shadow-sm disabled:opacity-60 ui-b:h-9 ui-c:h-14 ui-c:text-lg ui-d:bg-yellow-300 ui-d:text-black";

export const secondaryButtonClass =
  "surface h-12 rounded-xl border border-slate-300 bg-white px-4 text-base font-medium text-slate-800 disabled:opacity-60 ui-b:h-9 ui-c:h-14";

/** A form's error that belongs to no single field (the server refused, no connection). */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
      {children}
    </p>
  );
}
