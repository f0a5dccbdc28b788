"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";

// Counts one page view per page shown, full load or client-side navigation
// alike (the root layout does not render again on the latter, so the count
// cannot live there). Fire and forget: the page never waits for it.
let lastSent = "";

export function ViewBeacon({ variant }: { variant: string }) {
  const pathname = usePathname();
  useEffect(() => {
    const key = `${variant} ${pathname}`;
    // React's strict mode runs effects twice in development: one view is one count.
    if (key === lastSent) return;
    lastSent = key;
    const body = JSON.stringify({ variant });
    if (navigator.sendBeacon?.("/labs/api/views", new Blob([body], { type: "application/json" }))) return;
    void fetch("/labs/api/views", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      keepalive: true,
    }).catch(() => undefined);
  }, [pathname, variant]);
  return null;
}
