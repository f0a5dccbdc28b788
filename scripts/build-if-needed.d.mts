/** Builds the app unless .next (or NEXT_DIST_DIR) already holds a production build of exactly this source tree. */
export function buildIfNeeded(): Promise<void>;
