"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML, true once the page's JavaScript runs: forms
 * that post natively without it leave the browser's own checks on until then,
 * and times swap the server's UTC for the reader's own zone.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
