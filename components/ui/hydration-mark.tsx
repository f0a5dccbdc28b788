"use client";

import { useEffect } from "react";

// Sets `data-hydrated` on <html> once React has taken the server's page over:
// before that a button's handler is not attached yet and a tap does nothing.
// The browser suites wait for it after every page load (e2e/fixtures.ts), so
// they press what a person would press, when a person could.
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}
