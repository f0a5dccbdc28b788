import "server-only";
import { db } from "@/lib/db";
import { ACCOUNT_SCOPES, type AccountScope } from "@/lib/auth/scopes";
import { AppError, errorText } from "@/lib/http/errors";

// Plans are rows the operator edits (docs/decisions/034-accounts-and-credits.md):
// how many requests a key may make a minute, and for an account's keys, the
// credits each month brings and the scopes they may hold. A key or an account
// names its plan; the first rows (free, pro, trial) come with the migration.

/** The plan every verified account starts on, with TRIAL_CREDITS for TRIAL_DAYS. */
export const TRIAL_PLAN = "trial";

export type Plan = {
  name: string;
  requestsPerMinute: number;
  creditsPerMonth: number;
  scopes: AccountScope[];
  priceLabel: string;
};

const planColumns = {
  name: true,
  requestsPerMinute: true,
  creditsPerMonth: true,
  scopes: true,
  priceLabel: true,
} as const;

function shapePlan(row: Omit<Plan, "scopes"> & { scopes: string[] }): Plan {
  return { ...row, scopes: ACCOUNT_SCOPES.filter((scope) => row.scopes.includes(scope)) };
}

/** Every plan, by name. */
export async function listPlans(): Promise<Plan[]> {
  const rows = await db().apiPlan.findMany({ select: planColumns, orderBy: { name: "asc" } });
  return rows.map(shapePlan);
}

/** One plan; 404 when there is none of that name. */
export async function getPlanOrThrow(name: string): Promise<Plan> {
  const row = await db().apiPlan.findUnique({ where: { name }, select: planColumns });
  if (!row) throw new AppError("not_found", errorText("labs.planNotFound", { name }));
  return shapePlan(row);
}

/** Adds a plan or changes one; the keys and accounts on it follow at once. */
export async function savePlan(plan: Plan): Promise<Plan> {
  const { name, ...fields } = plan;
  const row = await db().apiPlan.upsert({
    where: { name },
    create: plan,
    update: fields,
    select: planColumns,
  });
  return shapePlan(row);
}
