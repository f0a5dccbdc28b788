import type { Dashboard } from "@/lib/labs/schemas";
import { useLiveData } from "@/lib/http/use-live-data";

export const DASHBOARD_URL = "/labs/api/dashboard";

/** What changes the dashboard: the queue's events, and the research ones it sums up. */
const DASHBOARD_EVENTS = [
  "todo.created",
  "decision.ready",
  "todo.answered",
  "todo.claim_expired",
  "note.created",
  "price.dropped",
] as const;

/** The operator dashboard's live data, refreshed like the research dashboard. */
export function useDashboard(initial: Dashboard) {
  return useLiveData(DASHBOARD_URL, initial, DASHBOARD_EVENTS);
}
