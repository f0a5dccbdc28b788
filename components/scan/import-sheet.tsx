"use client";

import { useTranslations } from "next-intl";
import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { z } from "zod";
import { useFormatName } from "@/components/scan/barcode-view";
import { PersonChips } from "@/components/scan/person-chips";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { FormError, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useApiForm } from "@/components/ui/use-api-form";
import { FetchError, api } from "@/lib/http/client-api";
import { IMPORT_LIMITS, importPersonField, type ImportCardsResponse, type ImportRow } from "@/lib/scan/schemas";

const IMPORT_URL = "/base-scan/api/import";

type Translate = ReturnType<typeof useTranslations<"wallet">>;
type Preview = { status: "idle" } | { status: "checking" } | { status: "ready"; plan: ImportCardsResponse };

/** The sheet's one typed field, checked by the route's own `person` schema; blank means "nobody named". */
export function importSchema(t: Translate) {
  return z.object({ person: z.string() }).transform((values, ctx) => {
    const person = values.person.trim();
    if (!person) return { person: undefined };
    const checked = importPersonField.safeParse(person);
    if (checked.success) return { person: checked.data };
    const issue = checked.error.issues[0];
    ctx.addIssue({
      code: "custom",
      path: ["person"],
      message:
        issue?.code === "too_big" ? t("fieldErrors.tooLong", { max: Number(issue.maximum) }) : t("fieldErrors.badText"),
    });
    return z.NEVER;
  });
}

/**
 * Imports cards from a file (docs/import-export.md) in a sheet
 * (components/ui/dialog.tsx): a Catima export or a wallet CSV is checked by
 * the server first (a dry run) and the plan shown: the cards to add, those
 * already in the wallet, those that cannot be read and why. Nothing is
 * written until “Import” is pressed. Choosing another person checks the file
 * again, since the cards without one become theirs. The file goes up as a
 * multipart form, not JSON.
 */
export function ImportSheet({
  open,
  onClose,
  ...props
}: {
  open: boolean;
  people: { id: number; name: string }[];
  defaultPerson: string | null;
  onImported: (result: ImportCardsResponse) => void;
  onClose: () => void;
}) {
  const t = useTranslations("wallet.importSheet");
  return (
    <Dialog open={open} onClose={onClose} title={t("title")}>
      {open ? <ImportForm {...props} /> : null}
    </Dialog>
  );
}

function ImportForm({
  people,
  defaultPerson,
  onImported,
}: {
  people: { id: number; name: string }[];
  defaultPerson: string | null;
  onImported: (result: ImportCardsResponse) => void;
}) {
  const t = useTranslations("wallet");
  const id = useId();
  const formId = `${id}-form`;
  const schema = useMemo(() => importSchema(t), [t]);
  const form = useApiForm(schema, {
    person: defaultPerson ?? (people.length === 1 ? people[0]!.name : ""),
  });
  const { errors, isSubmitting } = form.formState;
  const person = form.watch("person");
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview>({ status: "idle" });
  // Only the answer to the latest check counts: a slower earlier one is dropped.
  const latest = useRef(0);
  // The person the plan shown was made for: the import sends the same.
  const [checkedPerson, setCheckedPerson] = useState<string | undefined>(undefined);

  const fail = useCallback(
    (failure: unknown) => {
      const message = !(failure instanceof FetchError)
        ? t("importSheet.failed")
        : failure.code === "network"
          ? t("importSheet.offline")
          : failure.message;
      form.setError("root.server", { type: "server", message });
    },
    [form, t],
  );

  const send = useCallback((chosen: File, whose: string | undefined, dryRun: boolean) => {
    const body = new FormData();
    body.set("file", chosen);
    if (whose) body.set("person", whose);
    return api<ImportCardsResponse>(dryRun ? `${IMPORT_URL}?dry_run=1` : IMPORT_URL, { method: "POST", form: body });
  }, []);

  const check = useCallback(
    async (chosen: File) => {
      const run = ++latest.current;
      form.clearErrors("root.server");
      if (chosen.size > IMPORT_LIMITS.fileBytes) {
        setPreview({ status: "idle" });
        form.setError("root.server", {
          type: "size",
          message: t("importSheet.tooLarge", { size: IMPORT_LIMITS.fileBytes / 1024 / 1024 }),
        });
        return;
      }
      if (!(await form.trigger("person"))) {
        setPreview({ status: "idle" });
        return;
      }
      const whose = form.getValues("person").trim() || undefined;
      setPreview({ status: "checking" });
      setCheckedPerson(whose);
      try {
        const plan = await send(chosen, whose, true);
        if (run === latest.current) setPreview({ status: "ready", plan });
      } catch (failure) {
        if (run !== latest.current) return;
        setPreview({ status: "idle" });
        fail(failure);
      }
    },
    [fail, form, send, t],
  );

  const choosePerson = (name: string) => {
    form.setValue("person", name);
    if (file) void check(file);
  };

  const confirm = form.handleSubmit(async () => {
    if (!file) return;
    try {
      onImported(await send(file, checkedPerson, false));
    } catch (failure) {
      fail(failure);
    }
  });

  const plan = preview.status === "ready" ? preview.plan : null;
  const adding = plan?.add.length ?? 0;
  const personId = `${id}-person`;
  const personHint = t("importSheet.personHint");
  const personField = form.register("person");
  const recheck = () => {
    // Only a changed name is checked again: leaving the field to tap
    // Import must not turn the button off under the finger.
    if (file && (form.getValues("person").trim() || undefined) !== checkedPerson) void check(file);
  };

  return (
    <form id={formId} onSubmit={confirm} noValidate className="space-y-4">
      <p className="text-muted">
        {t.rich("importSheet.intro", {
          em: (chunks) => <em>{chunks}</em>,
          // A product's name and the CSV's column names are the same in every language.
          name: (chunks) => <span translate="no">{chunks}</span>,
          cols: (chunks) => (
            <code translate="no" className="text-sm">
              {chunks}
            </code>
          ),
        })}
      </p>

      <div>
        <label
          htmlFor={`${id}-file`}
          className="surface flex min-h-14 w-full cursor-pointer items-center justify-center rounded-xl border-2 border-dashed border-line-strong bg-surface px-4 py-2 text-center text-base font-medium break-all text-fg hover:bg-sunken has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus"
        >
          {file ? t("importSheet.chooseAnother", { name: file.name }) : t("importSheet.choose")}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".zip,.csv,.json,.pkpass,.pkpasses,application/zip,text/csv,application/json,application/vnd.apple.pkpass,application/vnd.apple.pkpasses"
          className="sr-only"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            if (chosen) void check(chosen);
            else setPreview({ status: "idle" });
          }}
        />
      </div>

      <FormField label={t("importSheet.personLabel")} id={personId} hint={personHint} error={errors.person?.message}>
        {(control) => (
          <>
            <PersonChips people={people} person={person} onChoose={choosePerson} />
            <Input
              {...personField}
              onBlur={(event) => {
                void personField.onBlur(event);
                recheck();
              }}
              {...control}
              placeholder={people.length > 0 ? t("addCard.personPlaceholderMore") : t("addCard.personPlaceholderFirst")}
              autoComplete="off"
            />
          </>
        )}
      </FormField>

      {preview.status === "checking" ? (
        <p role="status" className="text-muted">
          {t("importSheet.checking")}
        </p>
      ) : null}
      <FormError>{errors.root?.server?.message}</FormError>
      {plan ? <PlanView plan={plan} /> : null}

      <DialogFooter>
        <Button type="submit" form={formId} block disabled={isSubmitting || preview.status !== "ready" || adding === 0}>
          {isSubmitting
            ? t("importSheet.importing")
            : adding === 0
              ? t("importSheet.nothing")
              : t("importSheet.confirm", { count: adding })}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The dry run's answer: what would be added, skipped as already there, or cannot be read. */
function PlanView({ plan }: { plan: ImportCardsResponse }) {
  const t = useTranslations("wallet.importSheet");
  return (
    <section aria-label={t("planLabel")} className="space-y-3">
      <p className="font-medium" data-testid="import-summary">
        {t("summary", { add: plan.add.length, duplicates: plan.duplicates.length, errors: plan.errors.length })}
      </p>
      <PlanList title={t("toAdd")} count={plan.add.length} open>
        {plan.add.map((row) => (
          <CardLine key={row.line} row={row} />
        ))}
      </PlanList>
      <PlanList title={t("duplicates")} count={plan.duplicates.length}>
        {plan.duplicates.map((row) => (
          <CardLine key={row.line} row={row} />
        ))}
      </PlanList>
      <PlanList title={t("unreadable")} count={plan.errors.length} open>
        {plan.errors.map((row) => (
          <li key={row.line} className="py-2">
            <p className="font-medium">
              {t("line", { line: row.line })}
              {row.store_name ? ` · ${row.store_name}` : ""}
              {row.card_value ? ` · ${row.card_value}` : ""}
            </p>
            <p className="text-sm text-warn">{row.reason}</p>
          </li>
        ))}
      </PlanList>
    </section>
  );
}

function PlanList({
  title,
  count,
  open = false,
  children,
}: {
  title: string;
  count: number;
  open?: boolean;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <details open={open} className="surface rounded-xl border border-line bg-surface px-3">
      <summary className="flex min-h-12 cursor-pointer items-center font-medium">
        {title} ({count})
      </summary>
      <ul className="divide-y divide-line pb-2">{children}</ul>
    </details>
  );
}

function CardLine({ row }: { row: ImportRow }) {
  const t = useTranslations("wallet.importSheet");
  const formatName = useFormatName();
  return (
    <li className="py-2">
      <p className="font-medium break-words">
        {row.store_name} <span className="font-normal text-muted">· {row.person_name}</span>
      </p>
      <p className="truncate font-mono text-sm text-muted">
        {row.card_value}{" "}
        <span className="font-sans">({row.card_format === null ? t("noBarcode") : formatName(row.card_format)})</span>
        {row.label || row.note ? <span className="font-sans"> · {row.label || row.note.split("\n", 1)[0]}</span> : null}
      </p>
    </li>
  );
}
