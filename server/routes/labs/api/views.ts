// POST /labs/api/views – count one page view of a UI variant (sent by every page)
// GET /labs/api/views – page views per variant per day
import { route } from "@/lib/http/route";
import { countVariantView, listVariantViews } from "@/lib/labs/variant-views";
import { recordViewBody, recordViewResponse, variantViewsQuery, variantViewsResponse } from "@/lib/labs/schemas";

export const POST = route(
  {
    auth: "public",
    summary: "Count one page view of a UI variant",
    body: recordViewBody,
    response: recordViewResponse,
  },
  async ({ body }) => {
    await countVariantView({ variant: body.variant });
    return {};
  },
);

export const GET = route(
  {
    auth: "operator",
    summary: "Page views per UI variant per day (UTC), the last `days` days",
    query: variantViewsQuery,
    response: variantViewsResponse,
  },
  async ({ query }) => listVariantViews({ days: query.days }),
);
