"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { BarcodeView } from "@/components/scan/barcode-view";
import { CameraScanner } from "@/components/scan/camera-scanner";
import { Field, FormError, inputClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/field";
import { FetchError, postJson } from "@/lib/http/fetcher";
import { FORMAT_LABELS, FORMAT_OPTIONS, guessFormat } from "@/lib/scan/barcode-encoding";
import { isBarcodeFormat, normalizeFormat, type BarcodeFormat } from "@/lib/scan/barcode-format";
import {
  createCardBody,
  createStoreBody,
  type Card,
  type CreateCardResponse,
  type CreateStoreResponse,
  type Store,
} from "@/lib/scan/schemas";
import { foldText } from "@/lib/scan/search-text";
import { PersonChips } from "@/components/scan/person-chips";

type FieldName = "value" | "format" | "store" | "person" | "label";
type Errors = Partial<Record<FieldName | "form", string>>;

// Where the API's issue paths land in this form.
const CARD_FIELDS: Record<string, FieldName> = {
  card_value: "value",
  card_format: "format",
  label: "label",
  person_name: "person",
  person_id: "person",
};

/**
 * Adds a card, typed or scanned: store and person are picked or created by
 * name, the format defaults to what the number looks like, and a live preview
 * shows the barcode the till will see. Errors appear beside their field and
 * nothing typed is lost.
 */
export function AddCardSheet({
  stores,
  people,
  defaultPerson,
  onAdded,
  onClose,
}: {
  stores: Store[];
  people: { id: number; name: string }[];
  defaultPerson: string | null;
  onAdded: (card: Card) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState("");
  const [format, setFormat] = useState<BarcodeFormat | "auto">("auto");
  const [store, setStore] = useState("");
  const [person, setPerson] = useState(defaultPerson ?? (people.length === 1 ? people[0]!.name : ""));
  const [label, setLabel] = useState("");
  const [scanning, setScanning] = useState(false);
  const [scanned, setScanned] = useState<string | null>(null);
  const [drawError, setDrawError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstRef.current?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const trimmed = value.trim();
  const effectiveFormat: BarcodeFormat = format === "auto" ? guessFormat(trimmed) : format;
  const knownStore = stores.find((candidate) => foldText(candidate.name) === foldText(store));
  const fieldId = (name: FieldName) => `${id}-${name}`;
  const invalid = (name: FieldName) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${fieldId(name)}-error` : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found: Errors = {};
    const cardInput = {
      card_value: value,
      card_format: effectiveFormat,
      label,
      person_name: person.trim() === "" ? null : person,
    };
    const cardCheck = createCardBody.safeParse(cardInput);
    if (!cardCheck.success) {
      for (const issue of cardCheck.error.issues) {
        const field = CARD_FIELDS[String(issue.path[0])] ?? "value";
        found[field] ??= field === "person" ? "Pick a person or type a name." : capitalise(issue.message);
      }
    }
    const storeCheck = createStoreBody.safeParse({ name: store });
    if (!storeCheck.success)
      found.store =
        store.trim() === "" ? "Pick a store or type its name." : capitalise(storeCheck.error.issues[0]!.message);
    if (!found.value && drawError) found.value = `${drawError} Check the number or pick another format.`;
    if (Object.keys(found).length > 0 || !cardCheck.success || !storeCheck.success) {
      setErrors(found);
      return;
    }

    setPending(true);
    setErrors({});
    try {
      let storeId = knownStore?.id;
      try {
        storeId ??= (await postJson<CreateStoreResponse>("/base-scan/api/stores", storeCheck.data)).store_id;
      } catch (error) {
        setErrors(errorsFrom(error, "store"));
        return;
      }
      try {
        const { card } = await postJson<CreateCardResponse>(`/base-scan/api/stores/${storeId}/cards`, cardCheck.data);
        onAdded(card);
      } catch (error) {
        setErrors(errorsFrom(error, null));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      className="fixed inset-0 z-50 flex flex-col bg-slate-50 ui-d:bg-black"
    >
      <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-1 ui-d:bg-black">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="flex h-12 w-12 items-center justify-center rounded-full text-3xl leading-none text-slate-700 ui-d:text-white"
        >
          ×
        </button>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Add a card
        </h2>
      </header>

      <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
        <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4">
          {scanning ? (
            <div className="space-y-2">
              <CameraScanner
                paused={!scanning}
                onDetected={(code) => {
                  setValue(code.value);
                  const detected = normalizeFormat(code.format);
                  setFormat(detected ?? "auto");
                  setScanned(detected ? FORMAT_LABELS[detected] : code.format);
                  setScanning(false);
                }}
              />
              <button type="button" onClick={() => setScanning(false)} className={`${secondaryButtonClass} w-full`}>
                Type it instead
              </button>
            </div>
          ) : (
            <button type="button" onClick={() => setScanning(true)} className={`${secondaryButtonClass} w-full`}>
              Scan the card with the camera
            </button>
          )}

          <Field
            label="Card number"
            htmlFor={fieldId("value")}
            error={errors.value}
            hint={scanned ? `Scanned (${scanned}).` : "As printed under the barcode."}
          >
            <input
              ref={firstRef}
              id={fieldId("value")}
              name="card_value"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setScanned(null);
              }}
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              className={`${inputClass} font-mono`}
              {...invalid("value")}
            />
          </Field>

          <Field
            label="Store"
            htmlFor={fieldId("store")}
            error={errors.store}
            hint={store.trim() && !knownStore ? `New store “${store.trim()}” will be added.` : null}
          >
            <input
              id={fieldId("store")}
              name="store"
              list={`${id}-stores`}
              value={store}
              onChange={(event) => setStore(event.target.value)}
              autoComplete="off"
              className={inputClass}
              {...invalid("store")}
            />
            <datalist id={`${id}-stores`}>
              {stores.map((option) => (
                <option key={option.id} value={option.name} />
              ))}
            </datalist>
          </Field>

          <Field
            label="Whose card"
            htmlFor={fieldId("person")}
            error={errors.person}
            hint={
              person.trim() && !people.some((p) => foldText(p.name) === foldText(person))
                ? `${person.trim()} will be added.`
                : null
            }
          >
            <PersonChips people={people} person={person} onChoose={setPerson} />
            <input
              id={fieldId("person")}
              name="person_name"
              value={person}
              onChange={(event) => setPerson(event.target.value)}
              placeholder={people.length > 0 ? "or a new name" : "Your name"}
              autoComplete="off"
              className={inputClass}
              {...invalid("person")}
            />
          </Field>

          <Field label="Label (optional)" htmlFor={fieldId("label")} error={errors.label} hint="e.g. Family card">
            <input
              id={fieldId("label")}
              name="label"
              value={label}
              onChange={(event) => setLabel(event.target.value)}
              autoComplete="off"
              className={inputClass}
              {...invalid("label")}
            />
          </Field>

          <Field label="Barcode format" htmlFor={fieldId("format")} error={errors.format}>
            <select
              id={fieldId("format")}
              name="card_format"
              value={format}
              onChange={(event) => {
                const next = event.target.value;
                setFormat(isBarcodeFormat(next) ? next : "auto");
              }}
              className={inputClass}
              {...invalid("format")}
            >
              <option value="auto">Automatic ({FORMAT_LABELS[effectiveFormat]})</option>
              {FORMAT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>

          {trimmed ? (
            <div className="rounded-xl border border-slate-200 bg-white p-3" aria-label="Preview">
              <p className="mb-2 text-sm text-slate-500">What the till will see</p>
              <BarcodeView format={effectiveFormat} value={trimmed} maxHeight={0.18} onDrawn={setDrawError} />
            </div>
          ) : null}

          <FormError>{errors.form}</FormError>
        </div>

        <div className="border-t border-slate-200 bg-white px-4 py-3 pb-[max(env(safe-area-inset-bottom),0.75rem)] ui-d:bg-black">
          <button type="submit" disabled={pending} className={primaryButtonClass}>
            {pending ? "Saving…" : "Save card"}
          </button>
        </div>
      </form>
    </div>
  );
}

function capitalise(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1) + (message.endsWith(".") ? "" : ".");
}

/** The server's answer placed beside the field it is about (`field` for a whole request); anything else on the form. */
function errorsFrom(error: unknown, field: FieldName | null): Errors {
  if (!(error instanceof FetchError)) return { form: "Something went wrong; nothing was saved. Try again." };
  if (error.code === "network")
    return { form: "No connection: the card was not saved. Try again when you have signal." };
  if (error.code === "conflict") return { value: error.message };
  if (error.issues?.length) {
    const found: Errors = {};
    for (const issue of error.issues) {
      const target = field ?? CARD_FIELDS[issue.path] ?? "form";
      found[target] ??= capitalise(issue.message);
    }
    return found;
  }
  return field ? { [field]: error.message } : { form: error.message };
}
