// GET /labs/api/plans – every plan: requests a minute, credits a month, scopes, price label
import { listPlans } from "@/lib/auth/plans";
import { listPlansResponse } from "@/lib/accounts/schemas";
import { shapePlan } from "@/lib/accounts/shapes";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "operator", summary: "List plans", response: listPlansResponse }, async () => ({
  plans: (await listPlans()).map(shapePlan),
}));
