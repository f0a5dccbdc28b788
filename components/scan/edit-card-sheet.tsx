"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useMemo } from "react";
import useSWR from "swr";
import { z } from "zod";
import { useBalanceText } from "@/components/scan/card-facts";
import { CardPhotosEditor } from "@/components/scan/card-photos";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { FormError, FormField } from "@/components/ui/field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { Panel } from "@/components/ui/panel";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { fetcher } from "@/lib/http/client-api";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { householdDay } from "@/lib/household-clock";
import {
  spendCardBody,
  updateCardBody,
  type Card,
  type CardDetailResponse,
  type CreateCardResponse,
} from "@/lib/scan/schemas";

type Translate = ReturnType<typeof useTranslations<"wallet">>;

/** The currencies offered first; a card's own stays among them. */
const CURRENCIES = ["EUR", "points", "USD", "GBP", "CHF", "BRL"];

/** The header colours offered, by name; a card's own (from an import) stays among them. */
const COLOURS = {
  red: "#c62828",
  orange: "#ef6c00",
  yellow: "#f9a825",
  green: "#2e7d32",
  teal: "#00796b",
  blue: "#1565c0",
  purple: "#6a1b9a",
  pink: "#ad1457",
  grey: "#546e7a",
} as const;

const EDIT_FIELDS = [
  "label",
  "note",
  "expiry",
  "valid_from",
  "balance",
  "balance_currency",
  "printed_number",
  "header_color",
  "starred",
  "archived",
] as const;
type EditField = (typeof EDIT_FIELDS)[number];

/** The form's text, checked by the PATCH route's own schema; an empty field clears it. */
function editCardSchema(t: Translate) {
  return z
    .object({
      label: z.string(),
      note: z.string(),
      expiry: z.string(),
      valid_from: z.string(),
      balance: z.string(),
      balance_currency: z.string(),
      printed_number: z.string(),
      header_color: z.string(),
      starred: z.boolean(),
      archived: z.boolean(),
    })
    .transform((values, ctx) => {
      const blank = (value: string) => (value.trim() === "" ? null : value);
      const body = updateCardBody.safeParse({
        label: values.label,
        note: values.note,
        expiry: blank(values.expiry),
        valid_from: blank(values.valid_from),
        balance: blank(values.balance),
        ...(blank(values.balance) === null ? {} : { balance_currency: values.balance_currency }),
        printed_number: blank(values.printed_number),
        header_color: blank(values.header_color),
        starred: values.starred,
        archived: values.archived,
      });
      if (body.success) return body.data;
      for (const issue of body.error.issues) {
        const field = EDIT_FIELDS.find((name) => name === String(issue.path[0])) ?? "note";
        ctx.addIssue({
          code: "custom",
          path: [field],
          message:
            issue.code === "too_big"
              ? t("fieldErrors.tooLong", { max: Number(issue.maximum) })
              : field === "balance"
                ? t("editCard.badBalance")
                : field === "expiry" || field === "valid_from"
                  ? t("editCard.badDate")
                  : t("fieldErrors.badText"),
        });
      }
      return z.NEVER;
    });
}

/**
 * Changes what a card keeps (its label, note, dates, balance, star, archive,
 * printed number and photos) in a sheet over the till view; a card with a
 * balance also takes spends here, with its latest ones listed.
 */
export function EditCardSheet({
  card,
  open,
  onClose,
  onSaved,
}: {
  card: Card;
  open: boolean;
  onClose: () => void;
  onSaved: (card: Card) => void;
}) {
  const t = useTranslations("wallet.editCard");
  return (
    <Dialog open={open} onClose={onClose} title={t("title", { store: card.store_name })}>
      {open ? (
        <div className="space-y-6">
          {card.balance !== null ? <SpendForm card={card} onSpent={onSaved} /> : null}
          <EditCardForm
            card={card}
            onSaved={(saved) => {
              onSaved(saved);
              onClose();
            }}
          />
          {/* Sent as soon as chosen, so apart from the form and its Save. */}
          <CardPhotosEditor card={card} onSaved={onSaved} />
        </div>
      ) : null}
    </Dialog>
  );
}

function EditCardForm({ card, onSaved }: { card: Card; onSaved: (card: Card) => void }) {
  const t = useTranslations("wallet");
  const id = useId();
  const formId = `${id}-form`;
  const schema = useMemo(() => editCardSchema(t), [t]);
  const day = (at: string | null) => (at === null ? "" : householdDay(new Date(at)));
  const form = useApiForm(schema, {
    label: card.label,
    note: card.note,
    expiry: day(card.expiry),
    valid_from: day(card.valid_from),
    balance: card.balance ?? "",
    balance_currency: card.balance_currency ?? "EUR",
    printed_number: card.printed_number ?? "",
    header_color: card.header_color ?? "",
    starred: card.starred,
    archived: card.archived,
  });
  const sendForm = useSendForm();
  const { errors, isSubmitting } = form.formState;
  const fieldId = (name: EditField) => `${id}-${name}`;
  const ownColour =
    card.header_color && !(Object.values(COLOURS) as string[]).includes(card.header_color) ? card.header_color : null;
  const currencies = CURRENCIES.includes(card.balance_currency ?? "EUR")
    ? CURRENCIES
    : [card.balance_currency!, ...CURRENCIES];

  // A spend above changes the balance: shown here too, unless it is being typed.
  useEffect(() => {
    if (!form.getFieldState("balance").isDirty) form.resetField("balance", { defaultValue: card.balance ?? "" });
  }, [card.balance, form]);

  const submit = form.handleSubmit(async (all) => {
    // Only what was changed here: a spend or another phone's change since the sheet opened stays.
    const dirty = form.formState.dirtyFields as Partial<Record<EditField, boolean>>;
    const body = Object.fromEntries(
      Object.entries(all).filter(
        ([field]) => dirty[field as EditField] || (field === "balance_currency" && dirty.balance),
      ),
    );
    if (Object.keys(body).length === 0) return onSaved(card);
    const saved = await sendForm<CreateCardResponse, z.input<typeof schema>>(
      form,
      `/base-scan/api/cards/${card.id}`,
      body,
      {
        method: "PATCH",
      },
    );
    if (saved) onSaved(saved.card);
  });

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <label className="flex min-h-12 items-center gap-2 rounded-lg border border-line px-3">
          <input type="checkbox" {...form.register("starred")} className="h-5 w-5" />
          {t("editCard.starred")}
        </label>
        <label className="flex min-h-12 items-center gap-2 rounded-lg border border-line px-3">
          <input type="checkbox" {...form.register("archived")} className="h-5 w-5" />
          {t("editCard.archived")}
        </label>
      </div>

      <FormField label={t("addCard.labelLabel")} id={fieldId("label")} error={errors.label?.message}>
        {(control) => <Input {...form.register("label")} {...control} autoComplete="off" />}
      </FormField>

      <FormField label={t("editCard.note")} id={fieldId("note")} error={errors.note?.message}>
        {(control) => <Textarea {...form.register("note")} {...control} rows={3} />}
      </FormField>

      <div className="grid grid-cols-2 gap-3">
        <FormField label={t("editCard.expiry")} id={fieldId("expiry")} error={errors.expiry?.message}>
          {(control) => <Input type="date" {...form.register("expiry")} {...control} />}
        </FormField>
        <FormField label={t("editCard.validFrom")} id={fieldId("valid_from")} error={errors.valid_from?.message}>
          {(control) => <Input type="date" {...form.register("valid_from")} {...control} />}
        </FormField>
      </div>

      <div className="grid grid-cols-[1fr_auto] gap-3">
        <FormField
          label={t("editCard.balance")}
          id={fieldId("balance")}
          error={errors.balance?.message}
          hint={t("editCard.balanceHint")}
        >
          {(control) => (
            <Input
              {...form.register("balance")}
              {...control}
              inputMode="decimal"
              autoComplete="off"
              className="tabular-nums"
            />
          )}
        </FormField>
        <FormField
          label={t("editCard.currency")}
          id={fieldId("balance_currency")}
          error={errors.balance_currency?.message}
        >
          {(control) => (
            <Select {...form.register("balance_currency")} {...control}>
              {currencies.map((currency) => (
                <option key={currency} value={currency}>
                  {currency === "points" ? t("editCard.points") : currency}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>

      <FormField
        label={t("editCard.printedNumber")}
        id={fieldId("printed_number")}
        error={errors.printed_number?.message}
        hint={t("editCard.printedNumberHint")}
      >
        {(control) => (
          <Input {...form.register("printed_number")} {...control} autoComplete="off" className="font-mono" />
        )}
      </FormField>

      <fieldset>
        <legend className="mb-1 font-medium">{t("editCard.colour")}</legend>
        <div className="flex flex-wrap gap-2">
          {[["none", ""] as const, ...(ownColour ? [["own", ownColour] as const] : []), ...Object.entries(COLOURS)].map(
            ([name, colour]) => {
              const colourName = t(`editCard.colours.${name as keyof typeof COLOURS | "none" | "own"}`);
              return (
                <label
                  key={name}
                  title={colourName}
                  className="group relative flex h-12 w-12 cursor-pointer items-center justify-center rounded-full border-2 border-line has-[:checked]:border-fg has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus"
                >
                  <input
                    type="radio"
                    value={colour}
                    {...form.register("header_color")}
                    aria-label={colourName}
                    // Over the whole swatch, unseen: the radio itself is what a finger presses.
                    className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0"
                  />
                  <span
                    aria-hidden
                    className="flex h-8 w-8 items-center justify-center rounded-full border border-line"
                    style={colour ? { backgroundColor: colour } : undefined}
                  >
                    {/* The chosen one is ticked, not told by its border alone. */}
                    <span
                      className={`hidden text-lg leading-none font-bold group-has-[:checked]:block ${colour ? "text-[#fff]" : "text-fg"}`}
                    >
                      ✓
                    </span>
                    {colour ? null : <span className="text-muted group-has-[:checked]:hidden">∅</span>}
                  </span>
                </label>
              );
            },
          )}
        </div>
      </fieldset>

      <FormError>{errors.root?.server?.message}</FormError>

      <DialogFooter>
        <Button type="submit" form={formId} block disabled={isSubmitting}>
          {isSubmitting ? t("editCard.saving") : t("editCard.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Spending from a gift card: the amount and what for, and the latest spends beneath. */
function SpendForm({ card, onSpent }: { card: Card; onSpent: (card: Card) => void }) {
  const t = useTranslations("wallet");
  const locale = useLocale() as Locale;
  const id = useId();
  const balanceText = useBalanceText();
  const { data, mutate } = useSWR<CardDetailResponse>(`/base-scan/api/cards/${card.id}`, fetcher);
  const schema = useMemo(
    () =>
      z.object({ amount: z.string(), note: z.string() }).transform((values, ctx) => {
        const body = spendCardBody.safeParse(values);
        if (body.success) return body.data;
        ctx.addIssue({ code: "custom", path: ["amount"], message: t("editCard.badAmount") });
        return z.NEVER;
      }),
    [t],
  );
  const form = useApiForm(schema, { amount: "", note: "" });
  const sendForm = useSendForm();
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    const spent = await sendForm<{ card: Card }, z.input<typeof schema>>(
      form,
      `/base-scan/api/cards/${card.id}/spend`,
      body,
    );
    if (!spent) return;
    onSpent(spent.card);
    form.reset({ amount: "", note: "" });
    void mutate();
  });

  const amountId = `${id}-amount`;
  const noteId = `${id}-note`;
  const spends = data?.spends ?? [];
  return (
    <Panel aria-labelledby={`${id}-title`} kind="inset">
      <h3 id={`${id}-title`} className="font-semibold">
        {t("editCard.spendTitle", { balance: balanceText(card) ?? "" })}
      </h3>
      <form onSubmit={submit} noValidate className="mt-3 space-y-3">
        <div className="grid grid-cols-[8rem_1fr] gap-3">
          <FormField label={t("editCard.amount")} id={amountId} error={errors.amount?.message}>
            {(control) => (
              <Input
                {...form.register("amount")}
                {...control}
                inputMode="decimal"
                autoComplete="off"
                className="tabular-nums"
              />
            )}
          </FormField>
          <FormField label={t("editCard.spendNote")} id={noteId}>
            {(control) => <Input {...form.register("note")} {...control} autoComplete="off" />}
          </FormField>
        </div>
        <FormError>{errors.root?.server?.message}</FormError>
        <Button type="submit" kind="secondary" block disabled={isSubmitting}>
          {isSubmitting ? t("editCard.spending") : t("editCard.spend")}
        </Button>
      </form>
      {spends.length > 0 ? (
        <ul aria-label={t("editCard.history")} className="mt-3 divide-y divide-line text-sm">
          {spends.map((spend) => (
            <li key={spend.id} className="flex items-baseline justify-between gap-3 py-2">
              <span className="min-w-0 truncate">
                {formatDate(locale, spend.at, "short")}
                {spend.note ? ` · ${spend.note}` : ""}
              </span>
              <span className="shrink-0 font-semibold tabular-nums">
                −{balanceText({ balance: spend.amount, balance_currency: card.balance_currency })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
