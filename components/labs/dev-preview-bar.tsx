"use client";

import { useEffect, useSyncExternalStore } from "react";
import { clearDevFlag, DEV_FLAG_KEY, readDevFlag, setDevFlag, subscribeDevFlag } from "@/lib/labs/dev-flag";
import { UI_VARIANTS } from "@/lib/labs/variants";

/**
 * The preview bar of `?lnw-dev` (seed part 5): current variant, a switcher
 * (through the `?ui=` override, so it sticks to this browser) and build info.
 * Renders nothing on the server and while the flag is off or expired.
 */
export function DevPreviewBar({
  variant,
  release,
  commit,
}: {
  variant: string;
  release: string;
  commit: string | null;
}) {
  const expiresAt = useSyncExternalStore(subscribeDevFlag, readDevFlag, () => null);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.has(DEV_FLAG_KEY)) setDevFlag();
    else if (localStorage.getItem(DEV_FLAG_KEY) !== null && readDevFlag() === null) clearDevFlag();
  }, []);

  if (!expiresAt) return null;

  const switchTo = (letter: string) => {
    const url = new URL(window.location.href);
    url.pathname = url.pathname.replace(/^\/[b-l](?=\/|$)/, "") || "/";
    url.searchParams.delete(DEV_FLAG_KEY);
    url.searchParams.set("ui", letter);
    window.location.assign(url.toString());
  };

  return (
    <div
      role="region"
      aria-label="Preview"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 bg-slate-900 px-4 py-1.5 text-xs text-white"
    >
      <label className="flex items-center gap-1.5">
        <span>Variant</span>
        <select
          aria-label="UI variant"
          value={variant}
          onChange={(event) => switchTo(event.target.value)}
          className="rounded border border-slate-500 bg-slate-800 px-1 py-0.5 text-white"
        >
          {UI_VARIANTS.map((letter) => (
            <option key={letter} value={letter}>
              {letter}
            </option>
          ))}
        </select>
      </label>
      <span data-testid="build-release">{release}</span>
      {commit ? <span className="font-mono text-slate-300">{commit}</span> : null}
      <span className="text-slate-300">preview until {expiresAt.slice(0, 10)}</span>
      <button type="button" onClick={clearDevFlag} className="ml-auto underline">
        Hide
      </button>
    </div>
  );
}
