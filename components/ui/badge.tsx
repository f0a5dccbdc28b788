import type { ReactNode } from "react";

const TONES = {
  neutral: "bg-sunken text-fg",
  accent: "bg-accent-surface text-accent-ink",
  success: "bg-success-surface text-success",
  warn: "bg-warn-surface text-warn",
  danger: "bg-danger-surface text-danger",
  info: "bg-info-surface text-info",
} as const;

export type BadgeTone = keyof typeof TONES;

/** A short label beside something: a kind, a state, a count. Its words carry the meaning, the colour only helps. */
export function Badge({
  tone = "neutral",
  className = "",
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`.trim()}
    >
      {children}
    </span>
  );
}
