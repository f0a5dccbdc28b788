// Display ids of observations: BR-<yymmdd>-<n>, n counting from 1 within the
// UTC day (docs/contract.md, "Research decisions"). The number comes from the
// daily_counter row (scope "BR", day "yymmdd") incremented inside the
// transaction that inserts the observation, so ids are unique and gap-free.

export const BR_SCOPE = "BR";

export function formatBrId(day: string, n: number): string {
  return `BR-${day}-${n}`;
}
