// A file shared to the installed app from another one (the manifest's
// share_target): the service worker (public/base-scan/sw.js) keeps it in this
// cache and opens the add-card sheet, which takes it from here once.

import "client-only";
const SHARED = "scan-shared";
const SHARED_FILE = "/base-scan/share/file";

let taking: Promise<Blob | null> | null = null;

/**
 * The shared file, or null when there is none (shared too large, or already
 * taken). Taken once: a second caller meanwhile (React's development double
 * effect) gets the same file.
 */
export function takeSharedFile(): Promise<Blob | null> {
  taking ??= (async () => {
    if (typeof caches === "undefined") return null;
    const cache = await caches.open(SHARED);
    const response = await cache.match(SHARED_FILE);
    if (!response) return null;
    const file = await response.blob();
    await cache.delete(SHARED_FILE);
    return file;
  })().finally(() => setTimeout(() => (taking = null), 0));
  return taking;
}
