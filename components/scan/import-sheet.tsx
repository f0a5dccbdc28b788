"use client";

import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Field, FormError, inputClass, primaryButtonClass } from "@/components/ui/field";
import { FetchError, postForm } from "@/lib/http/fetcher";
import { FORMAT_LABELS } from "@/lib/scan/barcode-encoding";
import { IMPORT_LIMITS, type ImportCardsResponse, type ImportRow } from "@/lib/scan/schemas";
import { PersonChips } from "@/components/scan/person-chips";

const IMPORT_URL = "/base-scan/api/import";

type Preview = { status: "idle" } | { status: "checking" } | { status: "ready"; plan: ImportCardsResponse };

/**
 * Imports cards from a file (docs/import-export.md): a Catima export or a
 * wallet CSV is checked by the server first (a dry run) and the plan shown:
 * the cards to add, those already in the wallet, those that cannot be read
 * and why. Nothing is written until “Import” is pressed. Choosing another
 * person checks the file again, since the cards without one become theirs.
 */
export function ImportSheet({
  people,
  defaultPerson,
  onImported,
  onClose,
}: {
  people: { id: number; name: string }[];
  defaultPerson: string | null;
  onImported: (result: ImportCardsResponse) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [person, setPerson] = useState(defaultPerson ?? (people.length === 1 ? people[0]!.name : ""));
  const [preview, setPreview] = useState<Preview>({ status: "idle" });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Only the answer to the latest check counts: a slower earlier one is dropped.
  const latest = useRef(0);
  // The person the plan shown was made for: the import sends the same.
  const checkedPerson = useRef<string | null>(null);

  useEffect(() => {
    closeRef.current?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener("keydown", onKey);
    };
  }, [onClose]);

  const send = useCallback((chosen: File, whose: string, dryRun: boolean) => {
    const form = new FormData();
    form.set("file", chosen);
    if (whose.trim()) form.set("person", whose.trim());
    return postForm<ImportCardsResponse>(dryRun ? `${IMPORT_URL}?dry_run=1` : IMPORT_URL, form);
  }, []);

  const check = useCallback(
    async (chosen: File, whose: string) => {
      const run = ++latest.current;
      setError(null);
      if (chosen.size > IMPORT_LIMITS.fileBytes) {
        setPreview({ status: "idle" });
        setError(`This file is larger than ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MiB.`);
        return;
      }
      setPreview({ status: "checking" });
      checkedPerson.current = whose;
      try {
        const plan = await send(chosen, whose, true);
        if (run === latest.current) setPreview({ status: "ready", plan });
      } catch (failure) {
        if (run !== latest.current) return;
        setPreview({ status: "idle" });
        setError(messageOf(failure));
      }
    },
    [send],
  );

  const choosePerson = (name: string) => {
    setPerson(name);
    if (file) void check(file, name);
  };

  const confirm = async () => {
    if (!file || pending) return;
    setPending(true);
    setError(null);
    try {
      onImported(await send(file, checkedPerson.current ?? person, false));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setPending(false);
    }
  };

  const plan = preview.status === "ready" ? preview.plan : null;
  const adding = plan?.add.length ?? 0;

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      className="fixed inset-0 z-50 flex flex-col bg-slate-50 ui-d:bg-black"
    >
      <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-1 ui-d:bg-black">
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="flex h-12 w-12 items-center justify-center rounded-full text-3xl leading-none text-slate-700 ui-d:text-white"
        >
          ×
        </button>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Import cards
        </h2>
      </header>

      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4">
        <p className="text-slate-600 ui-d:text-slate-300">
          From Catima: <em>Import/Export → Export</em>, without a password, then choose the .zip here. Or a CSV with the
          columns store, number, format, label, person.
        </p>

        <div>
          <label
            htmlFor={`${id}-file`}
            className="surface flex min-h-14 w-full cursor-pointer items-center justify-center rounded-xl border-2 border-dashed border-slate-300 bg-white px-4 text-center text-base font-medium text-slate-800 focus-within:ring-2 focus-within:ring-brand/40 ui-d:text-white"
          >
            {file ? `${file.name} · choose another` : "Choose a file (.zip or .csv)"}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".zip,.csv,application/zip,text/csv"
            className="sr-only"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              if (chosen) void check(chosen, person);
              else setPreview({ status: "idle" });
            }}
          />
        </div>

        <Field
          label="Whose cards"
          htmlFor={`${id}-person`}
          hint="For cards the file does not give to someone: Catima has no people."
        >
          <PersonChips people={people} person={person} onChoose={choosePerson} />
          <input
            id={`${id}-person`}
            name="person"
            value={person}
            onChange={(event) => setPerson(event.target.value)}
            onBlur={() => {
              // Only a changed name is checked again: leaving the field to tap
              // Import must not turn the button off under the finger.
              if (file && person !== checkedPerson.current) void check(file, person);
            }}
            placeholder={people.length > 0 ? "or a new name" : "Your name"}
            autoComplete="off"
            className={inputClass}
          />
        </Field>

        {preview.status === "checking" ? (
          <p role="status" className="text-slate-600 ui-d:text-slate-300">
            Checking the file…
          </p>
        ) : null}
        <FormError>{error}</FormError>
        {plan ? <PlanView plan={plan} /> : null}
      </div>

      <div className="border-t border-slate-200 bg-white px-4 py-3 pb-[max(env(safe-area-inset-bottom),0.75rem)] ui-d:bg-black">
        <button
          type="button"
          onClick={confirm}
          disabled={pending || preview.status !== "ready" || adding === 0}
          className={primaryButtonClass}
        >
          {pending
            ? "Importing…"
            : adding === 0
              ? "Nothing to import"
              : `Import ${adding} ${adding === 1 ? "card" : "cards"}`}
        </button>
      </div>
    </div>
  );
}

/** The dry run's answer: what would be added, skipped as already there, or cannot be read. */
function PlanView({ plan }: { plan: ImportCardsResponse }) {
  return (
    <section aria-label="What will be imported" className="space-y-3">
      <p className="font-medium" data-testid="import-summary">
        {plan.add.length} to add · {plan.duplicates.length} already in the wallet · {plan.errors.length} cannot be read
      </p>
      <PlanList title="To add" count={plan.add.length} open>
        {plan.add.map((row) => (
          <CardLine key={row.line} row={row} />
        ))}
      </PlanList>
      <PlanList title="Already in the wallet (skipped)" count={plan.duplicates.length}>
        {plan.duplicates.map((row) => (
          <CardLine key={row.line} row={row} />
        ))}
      </PlanList>
      <PlanList title="Cannot be read (skipped)" count={plan.errors.length} open>
        {plan.errors.map((row) => (
          <li key={row.line} className="py-2">
            <p className="font-medium">
              Line {row.line}
              {row.store_name ? ` · ${row.store_name}` : ""}
              {row.card_value ? ` · ${row.card_value}` : ""}
            </p>
            <p className="text-sm text-amber-800 ui-d:text-amber-300">{row.reason}</p>
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
    <details open={open} className="surface rounded-xl border border-slate-200 bg-white px-3">
      <summary className="flex min-h-12 cursor-pointer items-center font-medium">
        {title} ({count})
      </summary>
      <ul className="divide-y divide-slate-100 pb-2">{children}</ul>
    </details>
  );
}

function CardLine({ row }: { row: ImportRow }) {
  return (
    <li className="py-2">
      <p className="font-medium">
        {row.store_name} <span className="font-normal text-slate-500 ui-d:text-slate-300">· {row.person_name}</span>
      </p>
      <p className="truncate font-mono text-sm text-slate-600 ui-d:text-slate-300">
        {row.card_value} <span className="font-sans">({FORMAT_LABELS[row.card_format]})</span>
        {row.label ? <span className="font-sans"> · {row.label}</span> : null}
      </p>
    </li>
  );
}

function messageOf(failure: unknown): string {
  if (!(failure instanceof FetchError)) return "Something went wrong; nothing was imported. Try again.";
  if (failure.code === "network") return "No connection: nothing was imported. Try again when you have signal.";
  return failure.message;
}
