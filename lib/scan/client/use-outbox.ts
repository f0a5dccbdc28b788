"use client";

import "client-only";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { retryDelayMs } from "@/lib/scan/client/delivery";
import { outboxCount, subscribeToOutbox, type OutboxEvent } from "@/lib/scan/client/outbox";
import { flushOutbox } from "@/lib/scan/client/send-scan";

export type OutboxState = {
  /** Scans in the outbox; null until IndexedDB answered (or when it cannot be used). */
  waiting: number | null;
  sending: boolean;
  online: boolean;
  /** Send what waits now. */
  flush: () => void;
};

/**
 * Keeps the outbox moving while a page is open: sends on load, the moment the
 * browser says it is back online, and on a backing-off timer while scans wait
 * (the online flag is not always right, e.g. on a captive Wi-Fi).
 */
export function useOutbox(onEvent?: (event: OutboxEvent) => void): OutboxState {
  const [waiting, setWaiting] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const online = useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine,
    () => true,
  );
  const failedFlushes = useRef(0);
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });

  const refresh = useCallback(() => {
    outboxCount().then(setWaiting, () => setWaiting(null));
  }, []);

  const flush = useCallback(() => {
    setSending(true);
    flushOutbox()
      .then(
        (result) => (failedFlushes.current = result.left > 0 ? failedFlushes.current + 1 : 0),
        () => (failedFlushes.current += 1),
      )
      .finally(() => {
        setSending(false);
        refresh();
      });
  }, [refresh]);

  useEffect(() => {
    const unsubscribe = subscribeToOutbox((event) => {
      refresh();
      onEventRef.current?.(event);
    });
    const wentOnline = () => {
      failedFlushes.current = 0;
      flush();
    };
    window.addEventListener("online", wentOnline);
    // Whatever an earlier visit left behind goes out now.
    const first = setTimeout(flush, 0);
    return () => {
      unsubscribe();
      clearTimeout(first);
      window.removeEventListener("online", wentOnline);
    };
  }, [flush, refresh]);

  useEffect(() => {
    if (!waiting || sending || !online) return;
    const timer = setTimeout(flush, retryDelayMs(Math.max(1, failedFlushes.current)));
    return () => clearTimeout(timer);
  }, [waiting, sending, online, flush]);

  return { waiting, sending, online, flush };
}

function subscribeToNetwork(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}
