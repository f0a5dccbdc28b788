import type { ReactNode } from "react";

const TONES = {
  info: "border-info/30 bg-info-surface text-info",
  success: "border-success/30 bg-success-surface text-success",
  warn: "border-warn/30 bg-warn-surface text-warn",
  danger: "border-danger/30 bg-danger-surface text-danger",
} as const;

/**
 * A message in the flow of the page. Danger notices are alerts (read out at
 * once); the others are polite status messages.
 */
export function Notice({
  tone = "info",
  className = "",
  children,
}: {
  tone?: keyof typeof TONES;
  className?: string;
  children?: ReactNode;
}) {
  if (!children) return null;
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={`rounded-lg border px-3 py-2 text-sm ${TONES[tone]} ${className}`.trim()}
    >
      {children}
    </div>
  );
}
