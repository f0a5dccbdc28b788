import { useEffect, useState } from "react";
import useSWR from "swr";
import type { EventType } from "@/lib/events/schemas";
import { fetcher } from "@/lib/http/client-api";

/** The dashboards refresh themselves every 30 seconds (docs/contract.md, "Limits"). */
export const REFRESH_MS = 30_000;

/** The event stream a live page listens to (docs/contract.md, "Events"). */
export const EVENT_STREAM_URL = "/labs/api/events/stream";

/** Events that come together (an agent's burst) make one refresh, this long after the first. */
const GATHER_MS = 300;

/**
 * A dashboard's live data: starts from the server's render, then refreshes
 * when an event of `eventTypes` happens (the event stream, from now on), and
 * every 30 s while the tab is visible (and at once when it is shown again),
 * which is all it does while the stream is down. The last good data stays
 * when a refresh fails. `updatedAt` is when the data on screen last came from
 * the server, for "updated N s ago".
 */
export function useLiveData<T>(url: string, initial: T, eventTypes: readonly EventType[] = []) {
  const [updatedAt, setUpdatedAt] = useState(() => Date.now());
  const swr = useSWR<T>(url, fetcher, {
    fallbackData: initial,
    revalidateOnMount: false,
    refreshInterval: REFRESH_MS,
    refreshWhenHidden: false,
    refreshWhenOffline: false,
    revalidateOnFocus: true,
    onSuccess: () => setUpdatedAt(Date.now()),
  });
  const { mutate } = swr;
  const types = eventTypes.join(",");
  useEffect(() => {
    if (!types || typeof EventSource === "undefined") return;
    // The browser reconnects by itself, resuming after the last event it read.
    const source = new EventSource(`${EVENT_STREAM_URL}?types=${types}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (timer === undefined) timer = setTimeout(() => ((timer = undefined), void mutate()), GATHER_MS);
    };
    for (const type of types.split(",")) source.addEventListener(type, refresh);
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [types, mutate]);
  return { ...swr, updatedAt };
}
