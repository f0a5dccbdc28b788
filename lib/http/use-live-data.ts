import { useState } from "react";
import useSWR from "swr";
import { fetcher } from "@/lib/http/fetcher";

/** The dashboards refresh themselves every 30 seconds (docs/contract.md, "Limits"). */
export const REFRESH_MS = 30_000;

/**
 * A dashboard's live data: starts from the server's render, then refreshes
 * every 30 s while the tab is visible (and at once when it is shown again),
 * keeping the last good data when a refresh fails. `updatedAt` is when the
 * data on screen last came from the server, for "updated N s ago".
 */
export function useLiveData<T>(url: string, initial: T) {
  const [updatedAt, setUpdatedAt] = useState(() => Date.now());
  const swr = useSWR<T>(url, fetcher, {
    fallbackData: initial,
    revalidateOnMount: false,
    refreshInterval: REFRESH_MS,
    refreshWhenHidden: false,
    refreshWhenOffline: false,
    revalidateOnFocus: true,
    onSuccess: () => setUpdatedAt(Date.now()),
  });
  return { ...swr, updatedAt };
}
