// PUT /labs/api/plans/[name] – add a plan or change one; its keys and accounts follow at once
import { savePlan } from "@/lib/auth/plans";
import { planParams, savePlanBody, savePlanResponse } from "@/lib/accounts/schemas";
import { shapePlan } from "@/lib/accounts/shapes";
import { route } from "@/lib/http/route";

export const PUT = route(
  {
    auth: "operator",
    logged: true,
    summary: "Add or change a plan: requests a minute, credits a month, account scopes, price label",
    params: planParams,
    body: savePlanBody,
    response: savePlanResponse,
  },
  async ({ params, body }) => ({
    plan: shapePlan(
      await savePlan({
        name: params.name,
        requestsPerMinute: body.requests_per_minute,
        creditsPerMonth: body.credits_per_month,
        scopes: body.scopes,
        priceLabel: body.price_label,
      }),
    ),
  }),
);
