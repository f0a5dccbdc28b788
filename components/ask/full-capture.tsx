"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { CaptureStatus, PriorityOptions } from "@/components/ask/capture-parts";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  LOG_REQUEST_MAX_BYTES,
  SOURCES,
} from "@/lib/ask/schemas";

type Picked = { file: File; preview: string | null };
type State =
  | { kind: "idle" }
  | { kind: "uploading"; percent: number }
  | { kind: "sent"; id: number }
  | { kind: "error"; message: string };

const MIB = 1024 * 1024;
const formatSize = (bytes: number) =>
  bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;

/** The limits of DESIGN §3, checked here too so a phone does not upload for nothing. */
function checkFiles(files: File[]): string | null {
  if (files.length > ATTACHMENT_MAX_FILES) return `At most ${ATTACHMENT_MAX_FILES} attachments.`;
  const big = files.find((f) => f.size > ATTACHMENT_MAX_BYTES);
  if (big) return `${big.name} is ${formatSize(big.size)}; the limit is ${formatSize(ATTACHMENT_MAX_BYTES)} a file.`;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > LOG_REQUEST_MAX_BYTES) return `Together the files are ${formatSize(total)}; the limit is 15 MiB.`;
  const odd = files.find((f) => f.type && !f.type.startsWith("image/") && f.type !== "application/pdf");
  if (odd || files.some((f) => f.type === "image/svg+xml")) return `${(odd ?? files[0])!.name}: only images and PDFs.`;
  return null;
}

/**
 * Full capture: text, priority, source, page URL and attachments with
 * previews, sent as multipart with an upload progress bar (XHR: fetch has no
 * upload progress). Without JavaScript the same form posts natively.
 */
export function FullCapture({ defaultPageUrl }: { defaultPageUrl?: string }) {
  const [picked, setPicked] = useState<Picked[]>([]);
  const [state, setState] = useState<State>({ kind: "idle" });

  // Object URLs hold memory until revoked: on removal, after sending, and on leaving the page.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  function forget(items: Picked[]) {
    for (const { preview } of items) {
      if (!preview) continue;
      URL.revokeObjectURL(preview);
      previews.current.delete(preview);
    }
  }

  function pick(files: FileList | null) {
    const added = Array.from(files ?? []);
    const problem = checkFiles([...picked.map((p) => p.file), ...added]);
    if (problem) return setState({ kind: "error", message: problem });
    const items = added.map((file) => {
      const preview = file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
      if (preview) previews.current.add(preview);
      return { file, preview };
    });
    setState({ kind: "idle" });
    setPicked([...picked, ...items]);
  }

  function remove(index: number) {
    forget(picked.filter((_, i) => i === index));
    setPicked(picked.filter((_, i) => i !== index));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    data.delete("attachments");
    for (const { file } of picked) data.append("attachments", file, file.name);
    data.set(
      "page_context",
      JSON.stringify({
        path: window.location.pathname,
        viewport: { width: window.innerWidth, height: window.innerHeight, dpr: window.devicePixelRatio },
        user_agent: navigator.userAgent,
        referrer: document.referrer || null,
      }),
    );

    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/base-ask/log");
    xhr.setRequestHeader("accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setState({ kind: "uploading", percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.onload = () => {
      const body = xhr.response as { id?: number; error?: { message?: string } } | null;
      if (xhr.status === 200 && body?.id) {
        form.reset();
        forget(picked);
        setPicked([]);
        setState({ kind: "sent", id: body.id });
      } else {
        setState({ kind: "error", message: body?.error?.message ?? `The server answered ${xhr.status}.` });
      }
    };
    xhr.onerror = () =>
      setState({ kind: "error", message: "No connection to the server. Nothing was lost: try again." });
    setState({ kind: "uploading", percent: 0 });
    xhr.send(data);
  }

  const field =
    "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base ui-b:py-1 ui-c:py-3 ui-d:border-white ui-d:bg-black ui-d:text-white";
  const uploading = state.kind === "uploading";

  return (
    <form
      onSubmit={submit}
      action="/api/base-ask/log"
      method="post"
      encType="multipart/form-data"
      aria-label="Full capture"
      className="space-y-4 ui-b:space-y-2"
    >
      <label className="block">
        <span className="mb-1 block text-sm font-medium">What is it about?</span>
        <textarea name="text" required rows={5} maxLength={20_000} className={field} />
      </label>
      <div className="grid grid-cols-2 gap-3">
        <label className="block">
          <span className="mb-1 block text-sm font-medium">Priority</span>
          <select name="priority" defaultValue="0" className={field}>
            <PriorityOptions />
          </select>
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">Kind</span>
          <select name="source" defaultValue="ask-full" className={field}>
            {SOURCES.filter((s) => s !== "ask-quick").map((source) => (
              <option key={source} value={source}>
                {source === "bug" ? "Bug" : "Request or idea"}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">Page URL (optional)</span>
        <input
          name="page_url"
          type="text"
          inputMode="url"
          defaultValue={defaultPageUrl}
          placeholder="/base-scan/"
          className={field}
        />
      </label>
      <div>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">
            Screenshots or PDFs (up to {ATTACHMENT_MAX_FILES}, {ATTACHMENT_MAX_BYTES / MIB} MiB each)
          </span>
          <input
            name="attachments"
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            onChange={(e) => {
              pick(e.target.files);
              e.target.value = "";
            }}
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-200 file:px-3 file:py-2 ui-c:file:py-3"
          />
        </label>
        {picked.length ? (
          <ul className="mt-3 grid grid-cols-3 gap-2" aria-label="Attachments">
            {picked.map(({ file, preview }, index) => (
              <li
                key={`${file.name}-${index}`}
                className="surface relative rounded-lg border border-slate-200 p-1 text-xs"
              >
                {preview ? (
                  // eslint-disable-next-line @next/next/no-img-element -- a local object URL, not an optimisable asset
                  <img src={preview} alt={file.name} className="h-20 w-full rounded object-cover" />
                ) : (
                  <div className="flex h-20 items-center justify-center rounded bg-slate-100 font-semibold text-slate-600">
                    PDF
                  </div>
                )}
                <div className="mt-1 truncate">{file.name}</div>
                <div className="text-slate-500">{formatSize(file.size)}</div>
                <button
                  type="button"
                  onClick={() => remove(index)}
                  aria-label={`Remove ${file.name}`}
                  className="absolute top-1 right-1 rounded-full bg-white/90 px-2 py-0.5 text-slate-700 shadow"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {uploading ? (
        <div>
          <progress max={100} value={state.percent} className="h-2 w-full" aria-label="Upload progress" />
          <p className="text-sm text-slate-600">Uploading… {state.percent}%</p>
        </div>
      ) : null}
      <CaptureStatus state={state} />
      <button
        type="submit"
        disabled={uploading}
        className="w-full rounded-lg bg-brand px-4 py-3 font-medium text-white disabled:opacity-50 ui-b:py-1.5 ui-c:py-4 ui-d:bg-yellow-300 ui-d:text-black"
      >
        {uploading ? "Sending…" : "Send"}
      </button>
    </form>
  );
}
