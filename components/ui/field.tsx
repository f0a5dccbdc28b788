import type { ReactNode } from "react";
import { Notice } from "@/components/ui/notice";

export { inputClass } from "@/components/ui/input";

/** What a field hands its control: the id its label points at, and its error state and message. */
export type FieldControl = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * A labelled form field with its hint or its error beneath. One place wires the
 * label, the control's state (`aria-invalid`) and its message
 * (`aria-describedby`), so no form repeats it: spread the props it passes into
 * the control, `{(control) => <Input {...control} … />}`.
 */
export function FormField({
  label,
  id,
  hint,
  error,
  children,
}: {
  label: ReactNode;
  id: string;
  hint?: ReactNode;
  error?: string | null;
  children: (control: FieldControl) => ReactNode;
}) {
  const control: FieldControl = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": fieldDescription(id, { error, hint }),
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      {children(control)}
      {error ? (
        <FieldError id={id}>{error}</FieldError>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The id a control points at with aria-describedby: its error's, else its hint's.
 * FormField wires it; call it by hand only for a control FormField cannot wrap
 * (no visible label of its own, a button beside it), with its FieldError.
 */
export function fieldDescription(id: string, { error, hint }: { error?: unknown; hint?: unknown }): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

/**
 * A control's error beneath it, as FormField shows one: for a control it
 * cannot wrap, whose aria-describedby is fieldDescription's.
 */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-error`} role="alert" className="text-sm text-danger">
      {children}
    </p>
  );
}

/** A form's error that belongs to no single field (the server refused, no connection). */
export function FormError({ children }: { children?: ReactNode }) {
  return <Notice tone="danger">{children}</Notice>;
}
