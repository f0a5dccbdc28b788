// Display ids of observations: BR-<yymmdd>-<n>, n counting from 1 within the
// UTC day (DESIGN §4 "Research service"). The number comes from the
// daily_counter row (scope "BR", day "yymmdd") incremented inside the
// transaction that inserts the observation, so ids are unique and gap-free.

export const BR_SCOPE = "BR";

/** The counter day of an instant: "yymmdd" in UTC. */
export function utcDayKey(at: Date): string {
  const yy = String(at.getUTCFullYear() % 100).padStart(2, "0");
  const mm = String(at.getUTCMonth() + 1).padStart(2, "0");
  const dd = String(at.getUTCDate()).padStart(2, "0");
  return `${yy}${mm}${dd}`;
}

export function formatBrId(day: string, n: number): string {
  return `BR-${day}-${n}`;
}
