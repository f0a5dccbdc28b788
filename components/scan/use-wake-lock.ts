"use client";

import { useEffect, useState } from "react";

export type WakeLockState = "unsupported" | "pending" | "on" | "off";

/**
 * Keeps the screen on while `active` (a cashier scanning the phone must not
 * meet a dark screen). The browser drops the lock whenever the page is
 * hidden; it is asked for again each time the page is visible, and released
 * as soon as `active` ends.
 */
export function useWakeLock(active: boolean): WakeLockState {
  const supported = typeof navigator !== "undefined" && "wakeLock" in navigator;
  const [state, setState] = useState<WakeLockState>("pending");

  useEffect(() => {
    if (!active || !supported) return;
    let sentinel: WakeLockSentinel | null = null;
    let requesting = false;
    let stopped = false;

    const acquire = async () => {
      if (stopped || sentinel || requesting || document.visibilityState !== "visible") return;
      requesting = true;
      try {
        const lock = await navigator.wakeLock.request("screen");
        if (stopped) {
          await lock.release();
          return;
        }
        sentinel = lock;
        setState("on");
        lock.addEventListener("release", () => {
          if (sentinel === lock) sentinel = null;
          if (!stopped) setState("off");
        });
      } catch {
        // Refused (battery saver, no user gesture yet, policy): the view still works.
        if (!stopped) setState("off");
      } finally {
        requesting = false;
      }
    };

    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        void acquire();
        return;
      }
      const lock = sentinel;
      sentinel = null;
      void lock?.release().catch(() => undefined);
    };

    void acquire();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisibility);
      const lock = sentinel;
      sentinel = null;
      void lock?.release().catch(() => undefined);
    };
  }, [active, supported]);

  if (!supported) return "unsupported";
  return active ? state : "off";
}
