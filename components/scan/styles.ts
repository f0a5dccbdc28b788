// @deprecated: the scan pages use components/ui (Button, Input, Badge via components/scan/kind-badge.tsx).
// Kept only for components/labs/operator-dashboard.tsx (KIND_LABEL) until it moves too.

// Class strings shared by the scan pages' controls, so buttons look and size
// alike in every UI variant (b compact, c large touch targets, d high contrast).

const BASE =
  "inline-flex items-center justify-center gap-1.5 rounded-lg px-4 py-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60 ui-b:px-2.5 ui-b:py-1.5 ui-b:text-xs ui-c:px-5 ui-c:py-3.5 ui-c:text-base";

const KINDS = {
  primary: "bg-brand text-white ui-d:bg-yellow-300 ui-d:text-black",
  secondary: "surface border border-slate-300 bg-white text-slate-800 ui-d:border-white ui-d:bg-black ui-d:text-white",
  danger: "bg-red-700 text-white ui-d:bg-red-500 ui-d:text-black",
  light: "bg-white text-slate-900",
} as const;

export function buttonClass(kind: keyof typeof KINDS = "primary"): string {
  return `${BASE} ${KINDS[kind]}`;
}

export const inputClass =
  "surface w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 ui-b:py-1.5 ui-b:text-sm ui-c:py-3.5 ui-d:border-white ui-d:bg-black ui-d:text-white";

/** Kind of a scan as a short coloured label. */
export const KIND_LABEL: Record<string, { label: string; className: string }> = {
  barcode: { label: "Product", className: "bg-emerald-100 text-emerald-900" },
  fatura: { label: "Invoice", className: "bg-amber-100 text-amber-900" },
  card: { label: "Loyalty card", className: "bg-sky-100 text-sky-900" },
  url: { label: "Link", className: "bg-violet-100 text-violet-900" },
  qr: { label: "QR code", className: "bg-slate-200 text-slate-800" },
};
