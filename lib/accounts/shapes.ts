import type { PlanJson } from "@/lib/accounts/schemas";
import type { Plan } from "@/lib/auth/plans";

/** A plan as the API writes it. */
export function shapePlan(plan: Plan): PlanJson {
  return {
    name: plan.name,
    requests_per_minute: plan.requestsPerMinute,
    credits_per_month: plan.creditsPerMonth,
    scopes: plan.scopes,
    price_label: plan.priceLabel,
  };
}
