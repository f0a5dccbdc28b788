import { useState } from "react";
import useSWR from "swr";
import { fetcher } from "@/lib/http/fetcher";
import type { Dashboard } from "@/lib/labs/schemas";
import { REFRESH_MS } from "@/lib/research/use-research-state";

export const DASHBOARD_URL = "/labs/api/dashboard";

/**
 * The operator dashboard's live data, refreshed like the research dashboard:
 * starts from the server's render, then every 30 s while the tab is visible
 * (and at once when it is shown again), keeping the last good data when a
 * refresh fails.
 */
export function useDashboard(initial: Dashboard) {
  const [updatedAt, setUpdatedAt] = useState(() => Date.now());
  const swr = useSWR<Dashboard>(DASHBOARD_URL, fetcher, {
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
