// Release labels v<YYYY>.<MM>.<DD>.<REV> (docs/contract.md, "Labs and auth decisions"): the UTC date of the
// build's commit and the number of commits up to it, so labels sort in build
// order. LABS_RELEASE overrides the label at run time (a build without git).

/** `v2026.11.21.42` from a commit date and a revision number. */
export function formatRelease(date: Date, revision: number): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `v${date.getUTCFullYear()}.${pad(date.getUTCMonth() + 1)}.${pad(date.getUTCDate())}.${revision}`;
}

export type BuildInfo = { release: string; commit: string | null };

/** What this server was built from: next.config.ts writes it into the build (LABS_BUILD_*). */
export function buildInfo(): BuildInfo {
  const override = process.env.LABS_RELEASE?.trim();
  return {
    release: override || process.env.LABS_BUILD_RELEASE || formatRelease(new Date(0), 0),
    commit: process.env.LABS_BUILD_COMMIT || null,
  };
}
