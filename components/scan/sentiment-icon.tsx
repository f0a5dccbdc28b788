import type { ReactNode } from "react";
import type { Sentiment } from "@/lib/scan/schemas";

// Drawn, not emoji: phones have emoji fonts, but kiosks and test browsers
// often do not, and a row of empty boxes says nothing.
const FACE = <circle cx="12" cy="12" r="9" />;
const EYES = (
  <>
    <circle cx="9" cy="10" r="0.9" fill="currentColor" />
    <circle cx="15" cy="10" r="0.9" fill="currentColor" />
  </>
);

const ICONS: Record<Sentiment, ReactNode> = {
  dont_know: (
    <>
      {FACE}
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7" />
      <circle cx="12" cy="17" r="0.9" fill="currentColor" />
    </>
  ),
  dislike: (
    <>
      {FACE}
      {EYES}
      <path d="M8.5 16.5a4.5 4.5 0 0 1 7 0" />
    </>
  ),
  neutral: (
    <>
      {FACE}
      {EYES}
      <path d="M8.5 15h7" />
    </>
  ),
  like: (
    <>
      {FACE}
      {EYES}
      <path d="M8.5 14a4.5 4.5 0 0 0 7 0" />
    </>
  ),
  favorite: <path d="M12 20s-7-4.4-8.6-8.7A4.6 4.6 0 0 1 12 7.1a4.6 4.6 0 0 1 8.6 4.2C19 15.6 12 20 12 20z" />,
  style_favorite: <path d="M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6-4.5-4.2 6.1-.7z" />,
  worth_heartburn: (
    <path d="M12 21a6 6 0 0 1-6-6c0-3.5 2.5-5.5 3-9 2 1.5 3 3.5 3 5.5 1-1 1.5-2.5 1.5-4 2.5 2 4.5 4.8 4.5 7.5a6 6 0 0 1-6 6z" />
  ),
};

export function SentimentIcon({ sentiment }: { sentiment: Sentiment }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ICONS[sentiment]}
    </svg>
  );
}
