"use client";

import { useSyncExternalStore } from "react";
import { formatDateTime } from "@/lib/scan/client/format";

const noop = () => () => {};

/**
 * A timestamp in the phone's own time zone and language. The server renders
 * the UTC time; the browser swaps in the local one after hydration.
 */
export function LocalTime({ iso }: { iso: string }) {
  const text = useSyncExternalStore(
    noop,
    () => formatDateTime(iso),
    () => `${iso.slice(11, 16)} UTC`,
  );
  return <time dateTime={iso}>{text}</time>;
}
