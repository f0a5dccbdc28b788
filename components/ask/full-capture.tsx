"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { CaptureSent, PriorityOptions } from "@/components/ask/capture-parts";
import { Button, buttonClass, IconButton } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { useHydrated } from "@/components/ui/use-hydrated";
import { api, FetchError } from "@/lib/http/client-api";
import { formatNumber } from "@/lib/i18n/format";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  LOG_REQUEST_MAX_BYTES,
  SOURCES,
  TEXT_MAX,
} from "@/lib/ask/schemas";

type Picked = { file: File; preview: string | null };
/** The fields the server may name in its `issues`; the rest is the form's. */
const FIELDS = ["text", "priority", "source", "page_url", "attachments"] as const;
type FieldName = (typeof FIELDS)[number];
type Issues = Partial<Record<FieldName | "form", string>>;

const MIB = 1024 * 1024;

/**
 * Full capture: text, priority, source, page URL and attachments with
 * previews, sent as multipart with an upload progress bar (XHR: fetch has no
 * upload progress). The server's issues land on the fields they name.
 * Without JavaScript the same form posts natively.
 */
export function FullCapture({ defaultPageUrl }: { defaultPageUrl?: string }) {
  const t = useTranslations("ask.full");
  const tForm = useTranslations("common.form");
  const locale = useLocale();
  const id = useId();
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [issues, setIssues] = useState<Issues>({});

  const size = (bytes: number) =>
    bytes >= MIB
      ? `${formatNumber(locale, bytes / MIB, { maximumFractionDigits: 1 })} MiB`
      : `${formatNumber(locale, Math.ceil(bytes / 1024))} KiB`;

  /** The limits of docs/contract.md, "Limits", checked here too so a phone does not upload for nothing. */
  function checkFiles(files: File[]): string | null {
    if (files.length > ATTACHMENT_MAX_FILES) return t("tooMany", { count: ATTACHMENT_MAX_FILES });
    const big = files.find((f) => f.size > ATTACHMENT_MAX_BYTES);
    if (big) return t("tooBig", { name: big.name, size: size(big.size), limit: size(ATTACHMENT_MAX_BYTES) });
    const total = files.reduce((sum, f) => sum + f.size, 0);
    if (total > LOG_REQUEST_MAX_BYTES) return t("tooMuch", { size: size(total), limit: size(LOG_REQUEST_MAX_BYTES) });
    const odd = files.find(
      (f) => (f.type && !f.type.startsWith("image/") && f.type !== "application/pdf") || f.type === "image/svg+xml",
    );
    if (odd) return t("wrongType", { name: odd.name });
    return null;
  }

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
    setIssues((current) => {
      const rest = { ...current };
      delete rest.attachments;
      return problem ? { ...rest, attachments: problem } : rest;
    });
    if (problem) return;
    const items = added.map((file) => {
      const preview = file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
      if (preview) previews.current.add(preview);
      return { file, preview };
    });
    setPicked([...picked, ...items]);
  }

  function remove(index: number) {
    forget(picked.filter((_, i) => i === index));
    setPicked(picked.filter((_, i) => i !== index));
  }

  /** The server's refusal: each issue on its field, the first of those focused. */
  function refused(form: HTMLFormElement, problem: FetchError) {
    const found: Issues = {};
    for (const issue of problem.issues ?? []) {
      const field = issue.path.split(".")[0] as FieldName;
      if ((FIELDS as readonly string[]).includes(field) && !found[field]) found[field] = issue.message;
    }
    const onFields = Object.keys(found) as FieldName[];
    found.form = onFields.length
      ? tForm("fixFields")
      : problem.enveloped
        ? problem.message
        : t("serverAnswered", { status: problem.status });
    setIssues(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
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

    setIssues({});
    setSent(null);
    setPercent(0);
    api<{ id: number }>("/api/base-ask/log", {
      method: "POST",
      form: data,
      onUpload: (progress) => setPercent(progress === "sent" ? 100 : progress),
    }).then(
      (body) => {
        setPercent(null);
        form.reset();
        forget(picked);
        setPicked([]);
        setSent(body.id);
      },
      (problem: unknown) => {
        setPercent(null);
        if (!(problem instanceof FetchError)) throw problem;
        if (problem.code === "network") setIssues({ form: tForm("offline") });
        else refused(form, problem);
      },
    );
  }

  const uploading = percent !== null;
  const ids = {
    text: `${id}-text`,
    priority: `${id}-priority`,
    source: `${id}-source`,
    page_url: `${id}-page-url`,
    attachments: `${id}-attachments`,
  };

  return (
    <form
      onSubmit={submit}
      action="/api/base-ask/log"
      method="post"
      encType="multipart/form-data"
      aria-label={t("formLabel")}
      className="space-y-4 ui-b:space-y-2"
    >
      {/* Above the fields: it may say "check the fields marked below". */}
      <FormError>{issues.form}</FormError>
      <FormField label={t("text")} id={ids.text} error={issues.text}>
        {(control) => <Textarea {...control} name="text" required rows={5} maxLength={TEXT_MAX} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <PriorityField id={ids.priority} error={issues.priority} />
        <FormField label={t("kind")} id={ids.source} error={issues.source}>
          {(control) => (
            <Select {...control} name="source" defaultValue="ask-full">
              {SOURCES.filter((s) => s !== "ask-quick").map((source) => (
                <option key={source} value={source}>
                  {source === "bug" ? t("kindBug") : t("kindRequest")}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={t("pageUrl")} id={ids.page_url} error={issues.page_url}>
        {(control) => (
          <Input
            {...control}
            name="page_url"
            type="text"
            inputMode="url"
            autoComplete="off"
            defaultValue={defaultPageUrl}
            placeholder="/base-scan/"
          />
        )}
      </FormField>
      <div>
        <FormField
          label={t("files", { count: ATTACHMENT_MAX_FILES, size: ATTACHMENT_MAX_BYTES / MIB })}
          id={ids.attachments}
          error={issues.attachments}
          hint={t("filesHint")}
        >
          {(control) => (
            // The browser's own "Choose files" speaks the browser's language: a labelled button of ours instead.
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <input
                {...control}
                name="attachments"
                type="file"
                multiple
                accept={ATTACHMENT_ACCEPT}
                onChange={(e) => {
                  pick(e.target.files);
                  e.target.value = "";
                }}
                className="peer sr-only"
              />
              <label
                htmlFor={ids.attachments}
                className={`${buttonClass("secondary")} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus`}
              >
                {t("choose")}
              </label>
              {hydrated ? <span className="text-sm text-muted">{t("chosen", { count: picked.length })}</span> : null}
            </div>
          )}
        </FormField>
        {picked.length ? (
          <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={t("attachments")}>
            {picked.map(({ file, preview }, index) => (
              <li
                key={`${file.name}-${index}`}
                className="surface relative min-w-0 rounded-lg border border-line bg-surface p-1 text-xs"
              >
                {preview ? (
                  // eslint-disable-next-line @next/next/no-img-element -- a local object URL, not an optimisable asset
                  <img src={preview} alt={file.name} className="h-20 w-full rounded object-cover" />
                ) : (
                  <div className="flex h-20 items-center justify-center rounded bg-sunken font-semibold text-fg">
                    PDF
                  </div>
                )}
                <div className="mt-1 truncate pr-1">{file.name}</div>
                <div className="text-muted">{size(file.size)}</div>
                <IconButton
                  onClick={() => remove(index)}
                  label={t("remove", { name: file.name })}
                  icon="×"
                  outlined
                  className="absolute top-1 right-1 shadow"
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {uploading ? (
        <div>
          <progress max={100} value={percent} className="h-2 w-full accent-accent" aria-label={t("progress")} />
          <p className="text-sm text-muted">{t("uploading", { percent })}</p>
        </div>
      ) : null}
      <CaptureSent id={sent} />
      <Button type="submit" block disabled={uploading}>
        {uploading ? t("sending") : t("send")}
      </Button>
    </form>
  );
}

function PriorityField({ id, error }: { id: string; error?: string }) {
  const t = useTranslations("ask.priority");
  return (
    <FormField label={t("label")} id={id} error={error}>
      {(control) => (
        <Select {...control} name="priority" defaultValue="0">
          <PriorityOptions />
        </Select>
      )}
    </FormField>
  );
}
