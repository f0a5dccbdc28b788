import type { Dashboard } from "@/lib/labs/schemas";
import { useLiveData } from "@/lib/http/use-live-data";

export const DASHBOARD_URL = "/labs/api/dashboard";

/** The operator dashboard's live data, refreshed like the research dashboard. */
export function useDashboard(initial: Dashboard) {
  return useLiveData(DASHBOARD_URL, initial);
}
