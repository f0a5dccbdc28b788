// API key plans (docs/contract.md, "Labs and auth decisions"): how many requests a
// key may make per minute. The one table; keys store the plan's name.
export const API_PLANS = {
  free: { requestsPerMinute: 60 },
  pro: { requestsPerMinute: 600 },
} as const;

export type ApiPlan = keyof typeof API_PLANS;

export const API_PLAN_NAMES = Object.keys(API_PLANS) as [ApiPlan, ...ApiPlan[]];

export const DEFAULT_API_PLAN: ApiPlan = "free";

/** Requests per minute of a stored plan name; an unknown one gets the smallest. */
export function planLimit(plan: string): number {
  const known = API_PLANS[plan as ApiPlan];
  return known ? known.requestsPerMinute : API_PLANS.free.requestsPerMinute;
}
