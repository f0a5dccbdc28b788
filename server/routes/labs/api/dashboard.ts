// GET /labs/api/dashboard – what the operator dashboard at / shows; it refreshes from here every 30 s
import { route } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { buildDashboard } from "@/lib/labs/build-dashboard";
import { dashboardResponse } from "@/lib/labs/schemas";
import { callerSessionId } from "@/lib/scan/scan-session";

export const GET = route(
  {
    auth: "operator",
    summary:
      "The operator dashboard: health per service, the first pending asks and decisions, scans today and the current scan session, research counts, observations, drops, out-of-stock items and notes",
    response: dashboardResponse,
  },
  ({ request }) => buildDashboard({ scanSessionId: callerSessionId(request, null), locale: requestLocale(request) }),
);
