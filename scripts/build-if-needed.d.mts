/** Builds the app unless .next (or NEXT_DIST_DIR) already holds a production build of exactly this source tree. */
export function buildIfNeeded(): Promise<void>;
/** The commit plus a hash of what differs from it in the files the build reads; null outside a git checkout. */
export function sourceId(root?: string): string | null;
/** Runs `work` holding `lock` (a folder), one process at a time; a dead holder's lock is taken over. */
export function oneAtATime<T>(lock: string, work: () => Promise<T>): Promise<T>;
