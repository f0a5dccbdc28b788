import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

export { inputClass } from "@/components/ui/input";

/**
 * A labelled form field with its hint and its error beneath. The control inside
 * should carry `aria-describedby={fieldDescription(id, …)}` and `aria-invalid`.
 */
export function Field({
  label,
  htmlFor,
  hint,
  error,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${htmlFor}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The ids a field's control points at with aria-describedby. */
export function fieldDescription(id: string, { error, hint }: { error?: unknown; hint?: unknown }): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

/** @deprecated use `<Button block>` from components/ui/button. */
export const primaryButtonClass = buttonClass("primary", { block: true });
/** @deprecated use `<Button kind="secondary">` from components/ui/button. */
export const secondaryButtonClass = buttonClass("secondary");

/** A form's error that belongs to no single field (the server refused, no connection). */
export function FormError({ children }: { children?: ReactNode }) {
  return <Notice tone="danger">{children}</Notice>;
}
