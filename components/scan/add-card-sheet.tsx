"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { z } from "zod";
import { BarcodeView, useFormatName } from "@/components/scan/barcode-view";
import { CameraScanner, type DetectedBarcode } from "@/components/scan/camera-scanner";
import { PersonChips } from "@/components/scan/person-chips";
import { findStore, StoreInput } from "@/components/scan/store-input";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { FormError, FormField } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Panel } from "@/components/ui/panel";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { guessFormat } from "@/lib/scan/barcode-encoding";
import { BARCODE_FORMATS, isBarcodeFormat, normalizeFormat } from "@/lib/scan/barcode-format";
import type { DetectedCode } from "@/lib/scan/client/barcode-reader";
import { readPhoto } from "@/lib/scan/client/read-photo";
import { takeSharedFile } from "@/lib/scan/client/shared-file";
import {
  createCardBody,
  createStoreBody,
  type Card,
  type CreateCardResponse,
  type CreateStoreResponse,
  type Store,
} from "@/lib/scan/schemas";
import { foldText } from "@/lib/scan/search-text";

type Translate = ReturnType<typeof useTranslations<"wallet">>;

const FIELDS = ["card_value", "card_format", "store", "person_name", "label"] as const;
type FieldName = (typeof FIELDS)[number];
type AddCardValues = Record<FieldName, string>;

/** The format the card will be drawn in: the one picked, or what the number looks like. */
function chosenFormat(picked: string, value: string) {
  return isBarcodeFormat(picked) ? picked : guessFormat(value.trim());
}

/**
 * The form's fields, checked by the routes' own schemas (a new store by
 * `createStoreBody`, the card by `createCardBody`), with the reader's words
 * for what is wrong.
 */
export function addCardSchema(t: Translate) {
  const message = (field: FieldName, issue: z.core.$ZodIssue): string => {
    if (issue.code === "too_big") return t("fieldErrors.tooLong", { max: Number(issue.maximum) });
    if (field === "card_format") return t("fieldErrors.badFormat");
    if (issue.code === "too_small" || (issue.code === "custom" && field === "person_name")) {
      if (field === "store") return t("addCard.storeRequired");
      if (field === "person_name") return t("addCard.personRequired");
      return t("addCard.valueRequired");
    }
    return t("fieldErrors.badText");
  };
  return z
    .object({
      card_value: z.string(),
      card_format: z.string(),
      store: z.string(),
      person_name: z.string(),
      label: z.string(),
    })
    .transform((values, ctx) => {
      const card = createCardBody.safeParse({
        card_value: values.card_value,
        card_format: values.card_format === "none" ? "none" : chosenFormat(values.card_format, values.card_value),
        label: values.label,
        person_name: values.person_name.trim() === "" ? null : values.person_name,
      });
      const store = createStoreBody.safeParse({ name: values.store });
      const issues: [FieldName, z.core.$ZodIssue][] = [
        ...(card.error?.issues ?? []).map((issue): [FieldName, z.core.$ZodIssue] => {
          const path = String(issue.path[0]);
          return [FIELDS.find((field) => field === path) ?? "person_name", issue];
        }),
        ...(store.error?.issues ?? []).map((issue): [FieldName, z.core.$ZodIssue] => ["store", issue]),
      ];
      const told = new Set<FieldName>();
      for (const [field, issue] of issues) {
        if (told.has(field)) continue;
        told.add(field);
        ctx.addIssue({ code: "custom", path: [field], message: message(field, issue) });
      }
      if (!card.success || !store.success) return z.NEVER;
      return { card: card.data, store: store.data };
    });
}

/**
 * Adds a card, typed or scanned, in a sheet (components/ui/dialog.tsx:
 * Escape closes it, the focus stays inside and goes back to the button that
 * opened it). Store and person are picked or created by name, the format
 * defaults to what the number looks like, and a live preview shows the
 * barcode the till will see. Errors appear beside their field and nothing
 * typed is lost.
 */
export function AddCardSheet({
  open,
  onClose,
  ...props
}: {
  open: boolean;
  stores: Store[];
  people: { id: number; name: string }[];
  defaultPerson: string | null;
  /** Opened by a file shared from another app: its code is read first (the manifest's share_target). */
  shared?: boolean;
  onAdded: (card: Card) => void;
  onClose: () => void;
}) {
  const t = useTranslations("wallet.addCard");
  return (
    <Dialog open={open} onClose={onClose} title={t("title")}>
      {open ? <AddCardForm {...props} /> : null}
    </Dialog>
  );
}

function AddCardForm({
  stores,
  people,
  defaultPerson,
  shared = false,
  onAdded,
}: {
  stores: Store[];
  people: { id: number; name: string }[];
  defaultPerson: string | null;
  shared?: boolean;
  onAdded: (card: Card) => void;
}) {
  const t = useTranslations("wallet");
  const id = useId();
  const formId = `${id}-form`;
  const schema = useMemo(() => addCardSchema(t), [t]);
  const form = useApiForm(schema, {
    card_value: "",
    card_format: "auto",
    store: "",
    person_name: defaultPerson ?? (people.length === 1 ? people[0]!.name : ""),
    label: "",
  });
  const sendForm = useSendForm();
  const { errors, isSubmitting } = form.formState;
  const [scanning, setScanning] = useState(false);
  const [scanned, setScanned] = useState<string | null>(null);
  /** A photo's several codes, for the person to pick the card's. */
  const [choices, setChoices] = useState<DetectedBarcode[]>([]);
  const [drawError, setDrawError] = useState<string | null>(null);
  const sharedReading = useSharedFile(shared, (codes) => {
    if (codes.length === 1) takeCode(codes[0]!);
    else setChoices(codes);
  });

  // The number first, once the sheet is open (its opening focuses the close button).
  useEffect(() => {
    const frame = requestAnimationFrame(() => form.setFocus("card_value"));
    return () => cancelAnimationFrame(frame);
  }, [form]);

  const [value, format, store, person] = form.watch(["card_value", "card_format", "store", "person_name"]);
  const trimmed = value.trim();
  const effectiveFormat = chosenFormat(format, value);
  const formatName = useFormatName();
  const fieldId = (name: FieldName) => `${id}-${name}`;

  const submit = form.handleSubmit(async ({ card, store: newStore }) => {
    if (drawError && format !== "none") {
      form.setError(
        "card_value",
        { type: "draw", message: t("addCard.cannotDraw", { error: drawError }) },
        { shouldFocus: true },
      );
      return;
    }
    let storeId = findStore(stores, newStore.name)?.id;
    if (storeId === undefined) {
      const made = await sendForm<CreateStoreResponse, AddCardValues>(form, "/base-scan/api/stores", newStore);
      if (!made) return;
      storeId = made.store_id;
    }
    const added = await sendForm<CreateCardResponse, AddCardValues>(
      form,
      `/base-scan/api/stores/${storeId}/cards`,
      card,
    );
    if (added) onAdded(added.card);
  });

  function takeCode(code: DetectedBarcode) {
    const detected = normalizeFormat(code.format);
    form.setValue("card_value", code.value, { shouldValidate: form.formState.isSubmitted });
    form.setValue("card_format", detected ?? "auto");
    setScanned(detected ? formatName(detected) : code.format);
    setChoices([]);
    setScanning(false);
  }

  const valueHint = scanned ? t("addCard.valueScanned", { format: scanned }) : t("addCard.valueHint");
  const storeHint = store.trim() && !findStore(stores, store) ? t("addCard.storeNew", { name: store.trim() }) : null;
  const personHint =
    person.trim() && !people.some((p) => foldText(p.name) === foldText(person))
      ? t("addCard.personNew", { name: person.trim() })
      : null;

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-4">
      {scanning ? (
        <div className="space-y-2">
          <CameraScanner paused={!scanning} onDetected={takeCode} onSeveral={setChoices} />
          <Button kind="secondary" block onClick={() => setScanning(false)}>
            {t("addCard.typeInstead")}
          </Button>
        </div>
      ) : (
        <Button kind="secondary" block onClick={() => setScanning(true)}>
          {t("addCard.scan")}
        </Button>
      )}

      {sharedReading.status === "reading" ? (
        <p role="status" className="text-sm text-muted">
          {t("addCard.shared.reading")}
        </p>
      ) : sharedReading.status === "message" ? (
        <Notice tone="danger">{t(`addCard.shared.${sharedReading.message}`)}</Notice>
      ) : null}

      {choices.length > 1 ? (
        <Panel as="fieldset" kind="inset">
          {/* Floated, a legend sits inside the box and wraps there, not across its border. */}
          <legend className="float-left mb-2 w-full font-semibold">
            {t("addCard.severalCodes", { count: choices.length })}
          </legend>
          <ul className="clear-both space-y-2">
            {choices.map((code) => (
              <li key={`${code.format} ${code.value}`}>
                <Button kind="secondary" block onClick={() => takeCode(code)}>
                  <span className="min-w-0 truncate font-mono">{code.value}</span>{" "}
                  <span className="ml-2 shrink-0 text-sm font-normal text-muted">{formatName(code.format)}</span>
                </Button>
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      <FormField
        label={t("addCard.valueLabel")}
        id={fieldId("card_value")}
        error={errors.card_value?.message}
        hint={valueHint}
      >
        {(control) => (
          <Input
            {...form.register("card_value", { onChange: () => setScanned(null) })}
            {...control}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono"
          />
        )}
      </FormField>

      <FormField label={t("addCard.storeLabel")} id={fieldId("store")} error={errors.store?.message} hint={storeHint}>
        {(control) => <StoreInput {...form.register("store")} {...control} stores={stores} />}
      </FormField>

      <FormField
        label={t("addCard.personLabel")}
        id={fieldId("person_name")}
        error={errors.person_name?.message}
        hint={personHint}
      >
        {(control) => (
          <>
            <PersonChips
              people={people}
              person={person}
              onChoose={(name) => form.setValue("person_name", name, { shouldValidate: form.formState.isSubmitted })}
            />
            <Input
              {...form.register("person_name")}
              {...control}
              placeholder={people.length > 0 ? t("addCard.personPlaceholderMore") : t("addCard.personPlaceholderFirst")}
              autoComplete="off"
            />
          </>
        )}
      </FormField>

      <FormField
        label={t("addCard.labelLabel")}
        id={fieldId("label")}
        error={errors.label?.message}
        hint={t("addCard.labelHint")}
      >
        {(control) => <Input {...form.register("label")} {...control} autoComplete="off" />}
      </FormField>

      <FormField label={t("addCard.formatLabel")} id={fieldId("card_format")} error={errors.card_format?.message}>
        {(control) => (
          <Select {...form.register("card_format")} {...control}>
            <option value="auto">{t("addCard.formatAuto", { format: formatName(effectiveFormat) })}</option>
            {BARCODE_FORMATS.map((option) => (
              <option key={option} value={option}>
                {formatName(option)}
              </option>
            ))}
            <option value="none">{t("addCard.formatNone")}</option>
          </Select>
        )}
      </FormField>

      {trimmed && format !== "none" ? (
        <Panel as="figure" kind="inset" className="bg-surface">
          <figcaption className="mb-2 text-sm text-muted">{t("addCard.previewTitle")}</figcaption>
          <BarcodeView format={effectiveFormat} value={trimmed} maxHeight={0.18} onDrawn={setDrawError} />
        </Panel>
      ) : null}

      <FormError>{errors.root?.server?.message}</FormError>

      <DialogFooter>
        <Button type="submit" form={formId} block disabled={isSubmitting}>
          {isSubmitting ? t("addCard.saving") : t("addCard.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}

type SharedReading = { status: "idle" | "reading" } | { status: "message"; message: "none" | "failed" | "gone" };

/**
 * Reads the codes of the file shared to the app, once, when the sheet opens
 * for it, and hands them over (one or several); says so when there is no
 * file or no code in it.
 */
function useSharedFile(shared: boolean, onCodes: (codes: DetectedBarcode[]) => void): SharedReading {
  const [reading, setReading] = useState<SharedReading>({ status: shared ? "reading" : "idle" });
  const onCodesRef = useRef(onCodes);
  useEffect(() => {
    onCodesRef.current = onCodes;
  });
  useEffect(() => {
    if (!shared) return;
    let cancelled = false;
    void (async () => {
      const file = await takeSharedFile();
      if (cancelled) return;
      if (!file) return setReading({ status: "message", message: "gone" });
      try {
        const found = await readPhoto(file, { formats: BARCODE_FORMATS });
        const codes = distinctCodes(found);
        if (cancelled) return;
        if (codes.length === 0) return setReading({ status: "message", message: "none" });
        setReading({ status: "idle" });
        onCodesRef.current(codes);
      } catch {
        if (!cancelled) setReading({ status: "message", message: "failed" });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [shared]);
  return reading;
}

/** What a reader found, as codes of formats we draw, each once. */
function distinctCodes(found: DetectedCode[]): DetectedBarcode[] {
  const codes = new Map<string, DetectedBarcode>();
  for (const { rawValue, format } of found) {
    const known = normalizeFormat(format);
    if (known && rawValue) codes.set(`${known}\u0000${rawValue}`, { value: rawValue, format: known });
  }
  return [...codes.values()];
}
