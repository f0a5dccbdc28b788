"use client";

import { useSyncExternalStore } from "react";

// Times show in the reader's own zone, which the server cannot know: the
// server renders UTC (marked so), the browser swaps in local time once
// hydrated, without a hydration mismatch.
const local = new Intl.DateTimeFormat("pt-PT", { dateStyle: "short", timeStyle: "short" });
const utc = new Intl.DateTimeFormat("pt-PT", { dateStyle: "short", timeStyle: "short", timeZone: "UTC" });
const noSubscription = () => () => {};

export function When({ iso }: { iso: string }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={iso} className="whitespace-nowrap tabular-nums">
      {hydrated ? local.format(date) : `${utc.format(date)} UTC`}
    </time>
  );
}
