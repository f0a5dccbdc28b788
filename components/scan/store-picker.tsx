"use client";

import { useState, type FormEvent } from "react";
import { buttonClass, inputClass } from "@/components/scan/styles";
import { FetchError, postJson } from "@/lib/http/fetcher";
import type { ScanItem, SetScanStoreResponse } from "@/lib/scan/schemas";
import { STORES_KEY, useStores, type CreatedStore } from "@/lib/scan/use-scan-result";
import { mutate as mutateGlobal } from "swr";

const NEW_STORE = "new";

type Saving =
  { status: "idle" } | { status: "saving" } | { status: "saved"; text: string } | { status: "failed"; message: string };

/** Where a scan was taken: pick a known store, create one, or clear it. */
export function StorePicker({ scan, onChange }: { scan: ScanItem; onChange: (scan: ScanItem) => void }) {
  const { data, error } = useStores();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState("");
  const [saving, setSaving] = useState<Saving>({ status: "idle" });

  async function attach(storeId: number | null, label: string) {
    setSaving({ status: "saving" });
    try {
      const result = await postJson<SetScanStoreResponse>(`/base-scan/api/scans/${scan.id}/store`, {
        store_id: storeId,
      });
      onChange(result.scan);
      setSaving({ status: "saved", text: storeId === null ? "Store removed." : `Saved at ${label}.` });
    } catch (problem) {
      setSaving({ status: "failed", message: problem instanceof FetchError ? problem.message : "That did not save." });
    }
  }

  async function createAndAttach(event: FormEvent) {
    event.preventDefault();
    const clean = name.trim();
    if (!clean) return;
    setSaving({ status: "saving" });
    try {
      const store = await postJson<CreatedStore>("/base-scan/api/stores", { name: clean });
      await mutateGlobal(STORES_KEY);
      setCreating(false);
      setName("");
      await attach(store.store_id, store.name);
    } catch (problem) {
      setSaving({ status: "failed", message: problem instanceof FetchError ? problem.message : "That did not save." });
    }
  }

  const busy = saving.status === "saving";
  return (
    <section aria-label="Store" className="space-y-2">
      <label className="block text-sm font-semibold" htmlFor={`store-${scan.id}`}>
        Store
      </label>
      <select
        id={`store-${scan.id}`}
        value={creating ? NEW_STORE : String(scan.store_id ?? "")}
        disabled={busy || !data}
        onChange={(event) => {
          const value = event.target.value;
          if (value === NEW_STORE) return setCreating(true);
          setCreating(false);
          const store = data?.stores.find((s) => String(s.id) === value);
          void attach(store ? store.id : null, store?.name ?? "");
        }}
        className={inputClass}
      >
        <option value="">{data ? "No store" : "Loading stores…"}</option>
        {data?.stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
          </option>
        ))}
        <option value={NEW_STORE}>+ New store…</option>
      </select>
      {creating ? (
        <form onSubmit={createAndAttach} className="flex gap-2">
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Store name"
            aria-label="New store name"
            maxLength={120}
            autoFocus
            className={inputClass}
          />
          <button type="submit" disabled={busy || !name.trim()} className={buttonClass("primary")}>
            {busy ? "Saving…" : "Add"}
          </button>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 ui-d:text-red-300">
          {error instanceof FetchError ? error.message : "Stores could not be loaded."}
        </p>
      ) : null}
      {saving.status === "saved" ? (
        <p role="status" className="text-sm text-emerald-800 ui-d:text-emerald-300">
          {saving.text}
        </p>
      ) : null}
      {saving.status === "failed" ? (
        <p role="alert" className="text-sm text-red-700 ui-d:text-red-300">
          {saving.message}
        </p>
      ) : null}
    </section>
  );
}
