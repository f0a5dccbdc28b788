"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { mutate as mutateGlobal } from "swr";
import { useProblem } from "@/components/scan/use-problem";
import { Button } from "@/components/ui/button";
import { fieldDescription } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { api } from "@/lib/http/client-api";
import { createStoreBody, type ScanItem, type SetScanStoreResponse } from "@/lib/scan/schemas";
import { STORES_KEY, useStores, type CreatedStore } from "@/lib/scan/use-scan-result";

const NEW_STORE = "new";
const newStoreForm = createStoreBody.pick({ name: true });

type Saving =
  | { status: "idle" }
  | { status: "saving" }
  | { status: "saved"; store: string | null }
  | { status: "failed"; message: string | null };

/** Where a scan was taken: pick a known store, create one, or clear it. */
export function StorePicker({ scan, onChange }: { scan: ScanItem; onChange: (scan: ScanItem) => void }) {
  const t = useTranslations("scan.store");
  const describe = useProblem();
  const id = useId();
  const { data, error } = useStores();
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState<Saving>({ status: "idle" });
  const form = useApiForm(newStoreForm, { name: "" });
  const sendForm = useSendForm();
  const name = form.watch("name");
  const nameError = form.formState.errors.name?.message;
  const formError = form.formState.errors.root?.server?.message;

  async function attach(storeId: number | null, label: string) {
    setSaving({ status: "saving" });
    try {
      const result = await api<SetScanStoreResponse>(`/base-scan/api/scans/${scan.id}/store`, {
        method: "POST",
        json: {
          store_id: storeId,
        },
      });
      onChange(result.scan);
      setSaving({ status: "saved", store: storeId === null ? null : label });
    } catch (failure) {
      setSaving({ status: "failed", message: describe(failure, t("saveFailed")) });
    }
  }

  const createAndAttach = form.handleSubmit(async (body) => {
    setSaving({ status: "saving" });
    const store = (await sendForm(form, "/base-scan/api/stores", body)) as CreatedStore | undefined;
    if (!store) {
      setSaving({ status: "idle" });
      return;
    }
    await mutateGlobal(STORES_KEY);
    setCreating(false);
    form.reset({ name: "" });
    await attach(store.store_id, store.name);
  });

  const busy = saving.status === "saving";
  const selectId = `store-${scan.id}`;
  return (
    <section aria-label={t("label")} className="space-y-2">
      <label className="block text-sm font-semibold" htmlFor={selectId}>
        {t("label")}
      </label>
      <Select
        id={selectId}
        value={creating ? NEW_STORE : String(scan.store_id ?? "")}
        disabled={busy || !data}
        onChange={(event) => {
          const value = event.target.value;
          if (value === NEW_STORE) return setCreating(true);
          setCreating(false);
          const store = data?.stores.find((s) => String(s.id) === value);
          void attach(store ? store.id : null, store?.name ?? "");
        }}
      >
        <option value="">{data ? t("none") : t("loading")}</option>
        {data?.stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
          </option>
        ))}
        <option value={NEW_STORE}>{t("new")}</option>
      </Select>
      {creating ? (
        <form onSubmit={createAndAttach} noValidate className="space-y-1">
          <div className="flex gap-2">
            <Input
              id={`${id}-name`}
              {...form.register("name")}
              placeholder={t("newPlaceholder")}
              aria-label={t("newLabel")}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={fieldDescription(`${id}-name`, { error: nameError })}
              maxLength={120}
              autoFocus
            />
            <Button type="submit" disabled={busy || !name.trim()}>
              {busy ? t("saving") : t("add")}
            </Button>
          </div>
          {nameError ? (
            <p id={`${id}-name-error`} role="alert" className="text-sm text-danger">
              {nameError}
            </p>
          ) : null}
          {formError && !nameError ? <Notice tone="danger">{formError}</Notice> : null}
        </form>
      ) : null}
      {error ? <Notice tone="danger">{describe(error, t("loadFailed"))}</Notice> : null}
      {saving.status === "saved" ? (
        <p role="status" className="text-sm text-success">
          {saving.store === null ? t("removed") : t("saved", { store: saving.store })}
        </p>
      ) : null}
      {saving.status === "failed" ? <Notice tone="danger">{saving.message ?? t("saveFailed")}</Notice> : null}
    </section>
  );
}
