"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo, useRef } from "react";

/**
 * One query parameter as page state (`?card=12`, `?add=1`), so a view has its
 * own URL, survives a reload and closes with the phone's back button. Uses the
 * native History API, which Next keeps in sync with useSearchParams without a
 * server round trip — the page works offline.
 */
export function useUrlParam(name: string) {
  const params = useSearchParams();
  const value = params.get(name);
  // Whether the current entry was pushed by us, so closing can go back to the
  // entry before it instead of leaving a duplicate in the history.
  const pushed = useRef(false);

  const write = useCallback(
    (next: string | null, mode: "push" | "replace") => {
      const url = new URL(window.location.href);
      if (next === null) url.searchParams.delete(name);
      else url.searchParams.set(name, next);
      if (mode === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    },
    [name],
  );

  return useMemo(
    () => ({
      value,
      open(next: string) {
        write(next, "push");
        pushed.current = true;
      },
      replace(next: string) {
        write(next, "replace");
      },
      close() {
        if (pushed.current) {
          pushed.current = false;
          window.history.back();
        } else {
          write(null, "replace");
        }
      },
    }),
    [value, write],
  );
}
