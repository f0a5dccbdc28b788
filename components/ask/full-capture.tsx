"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import { CaptureSent, PriorityOptions } from "@/components/ask/capture-parts";
import { Button, IconButton } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { FileButton } from "@/components/ui/file-button";
import { Input, Select, Textarea } from "@/components/ui/input";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { useHydrated } from "@/components/ui/use-hydrated";
import { formatNumber } from "@/lib/i18n/format";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  LOG_REQUEST_MAX_BYTES,
  logTodoBody,
  SOURCES,
  TEXT_MAX,
} from "@/lib/ask/schemas";

type Picked = { file: File; preview: string | null };

/** The log route's own fields, and the files picked: the picker checks those itself, and the server may name them. */
const fullCaptureForm = logTodoBody.extend({ attachments: z.array(z.instanceof(File)) });

const MIB = 1024 * 1024;

/**
 * Full capture: text, priority, source, page URL and attachments with
 * previews, sent as multipart with an upload progress bar (XHR: fetch has no
 * upload progress). The server's issues land on the fields they name.
 * Without JavaScript the same form posts natively.
 */
export function FullCapture({ defaultPageUrl }: { defaultPageUrl?: string }) {
  const t = useTranslations("ask.full");
  const locale = useLocale();
  const id = useId();
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const form = useApiForm(fullCaptureForm, {
    text: "",
    priority: "0",
    source: "ask-full",
    page_url: defaultPageUrl ?? "",
    attachments: [],
  });
  const sendForm = useSendForm();
  const { errors } = form.formState;

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
    const all = [...picked.map((p) => p.file), ...added];
    const problem = checkFiles(all);
    if (problem) return form.setError("attachments", { type: "picked", message: problem });
    form.clearErrors("attachments");
    const items = added.map((file) => {
      const preview = file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
      if (preview) previews.current.add(preview);
      return { file, preview };
    });
    setPicked([...picked, ...items]);
    form.setValue("attachments", all);
  }

  function remove(index: number) {
    const kept = picked.filter((_, i) => i !== index);
    forget(picked.filter((_, i) => i === index));
    setPicked(kept);
    form.setValue(
      "attachments",
      kept.map((p) => p.file),
    );
  }

  // Checked with the route's schema, then sent as multipart (the files beside
  // the fields) with the upload's progress; a refusal lands on the fields it names.
  async function send({ attachments, ...fields }: z.output<typeof fullCaptureForm>) {
    const data = new FormData();
    data.set("text", fields.text);
    if (fields.priority !== undefined) data.set("priority", String(fields.priority));
    if (fields.source) data.set("source", fields.source);
    if (fields.page_url) data.set("page_url", fields.page_url);
    for (const file of attachments) data.append("attachments", file, file.name);
    data.set(
      "page_context",
      JSON.stringify({
        path: window.location.pathname,
        viewport: { width: window.innerWidth, height: window.innerHeight, dpr: window.devicePixelRatio },
        user_agent: navigator.userAgent,
        referrer: document.referrer || null,
      }),
    );
    setSent(null);
    setPercent(0);
    const made = await sendForm<{ id: number }, z.input<typeof fullCaptureForm>, z.output<typeof fullCaptureForm>>(
      form,
      "/api/base-ask/log",
      data,
      { onUpload: (progress) => setPercent(progress === "sent" ? 100 : progress) },
    );
    setPercent(null);
    if (made === undefined) return; // Nothing typed or picked is lost.
    form.reset();
    forget(picked);
    setPicked([]);
    setSent(made.id);
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
      // Made at submit, not in render: sending lets go of the previews' object URLs, held in a ref.
      onSubmit={(event) => form.handleSubmit(send)(event)}
      action="/api/base-ask/log"
      method="post"
      encType="multipart/form-data"
      noValidate={hydrated}
      aria-label={t("formLabel")}
      className="space-y-4 ui-b:space-y-2"
    >
      {/* Above the fields: it may say "check the fields marked below". */}
      <FormError>{errors.root?.server?.message}</FormError>
      <FormField label={t("text")} id={ids.text} error={errors.text?.message}>
        {(control) => <Textarea {...control} {...form.register("text")} required rows={5} maxLength={TEXT_MAX} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <PriorityField id={ids.priority} error={errors.priority?.message} field={form.register("priority")} />
        <FormField label={t("kind")} id={ids.source} error={errors.source?.message}>
          {(control) => (
            <Select {...control} {...form.register("source")} defaultValue="ask-full">
              {SOURCES.filter((s) => s !== "ask-quick").map((source) => (
                <option key={source} value={source}>
                  {source === "bug" ? t("kindBug") : t("kindRequest")}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={t("pageUrl")} id={ids.page_url} error={errors.page_url?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("page_url")}
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
          error={errors.attachments?.message}
          hint={t("filesHint")}
        >
          {(control) => (
            <FileButton
              {...control}
              name="attachments"
              multiple
              accept={ATTACHMENT_ACCEPT}
              onChange={(e) => {
                pick(e.target.files);
                e.target.value = "";
              }}
              choose={t("choose")}
              chosen={hydrated ? t("chosen", { count: picked.length }) : null}
            />
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

function PriorityField({ id, error, field }: { id: string; error?: string; field: UseFormRegisterReturn }) {
  const t = useTranslations("ask.priority");
  return (
    <FormField label={t("label")} id={id} error={error}>
      {(control) => (
        <Select {...control} {...field} defaultValue="0">
          <PriorityOptions />
        </Select>
      )}
    </FormField>
  );
}
