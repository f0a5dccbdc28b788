"use client";

import { useEffect } from "react";

export const SERVICE_WORKER_URL = "/base-scan/sw.js";
export const SERVICE_WORKER_SCOPE = "/base-scan/";

/**
 * Registers the Scan pages' service worker (public/base-scan/sw.js), which
 * keeps them and the wallet's cards usable with no signal. Rendered by the
 * Scan layout only, so no other area is ever controlled by it.
 */
export function ServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE, updateViaCache: "none" })
      .catch((error: unknown) => console.warn("Scan works online only: the service worker did not register.", error));
  }, []);
  return null;
}

/** Asks the service worker to store a fresh copy of the wallet page, after cards were added or deleted. */
export function refreshOfflineCopy(): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: "refresh-pages", paths: ["/base-scan/"] });
}
