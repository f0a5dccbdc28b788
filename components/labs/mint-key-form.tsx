"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { CopyField } from "@/components/labs/copy-button";
import { FormError } from "@/components/ui/field";
import { API_SCOPES } from "@/lib/auth/scopes";
import { FetchError, postJson } from "@/lib/http/fetcher";
import type { CreateApiKeyResponse } from "@/lib/labs/schemas";

/** Mints a key and shows its secret this once, with a copy button. */
export function MintKeyForm({ plans }: { plans: { name: string; perMinute: number }[] }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [minted, setMinted] = useState<CreateApiKeyResponse | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setPending(true);
    setError(null);
    try {
      const result = await postJson<CreateApiKeyResponse>("/labs/api/keys", {
        name: data.get("name"),
        plan: data.get("plan"),
        scopes: data.getAll("scopes"),
      });
      setMinted(result);
      form.reset();
      router.refresh();
    } catch (caught) {
      setError(caught instanceof FetchError ? caught.message : "Could not mint the key.");
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label className="grow basis-40">
          <span className="block text-sm font-medium">Name</span>
          <input
            name="name"
            required
            maxLength={100}
            placeholder="e.g. research agent"
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
          />
        </label>
        <label>
          <span className="block text-sm font-medium">Plan</span>
          <select
            name="plan"
            defaultValue={plans[0]?.name}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            {plans.map((plan) => (
              <option key={plan.name} value={plan.name}>
                {plan.name} ({plan.perMinute}/min)
              </option>
            ))}
          </select>
        </label>
        <fieldset className="basis-full">
          <legend className="text-sm font-medium">May work on</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {API_SCOPES.map((scope) => (
              <label key={scope} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  defaultChecked={scope !== "scan"}
                  className="size-5"
                />
                {scope}
              </label>
            ))}
          </div>
        </fieldset>
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand px-4 py-2 font-medium text-white disabled:opacity-60"
        >
          {pending ? "Minting…" : "Mint key"}
        </button>
      </form>
      <FormError>{error}</FormError>
      {minted ? (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium text-amber-900">
            Key “{minted.name}” ({minted.plan}; {minted.scopes.join(", ")}). Copy it now: it is not shown again.
          </p>
          <div className="mt-2">
            <CopyField id="minted-key" label="New API key" value={minted.key} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
