"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { CopyField } from "@/components/labs/copy-button";
import { BarcodeView } from "@/components/scan/barcode-view";
import { FormError } from "@/components/ui/field";
import { FetchError, postJson } from "@/lib/http/fetcher";
import type { CreatePairingResponse } from "@/lib/labs/schemas";

/** Makes a one-time pairing link and shows it as a QR code for the phone's camera. */
export function PairDeviceForm() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pairing, setPairing] = useState<CreatePairingResponse | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setPending(true);
    setError(null);
    try {
      setPairing(
        await postJson<CreatePairingResponse>("/labs/api/devices/pairings", {
          name: new FormData(form).get("name"),
        }),
      );
      form.reset();
      router.refresh();
    } catch (caught) {
      setError(caught instanceof FetchError ? caught.message : "Could not make a pairing code.");
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label className="grow basis-40">
          <span className="block text-sm font-medium">Device name</span>
          <input
            name="name"
            required
            maxLength={60}
            placeholder="e.g. Maria's phone"
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
          />
        </label>
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand px-4 py-2 font-medium text-white disabled:opacity-60"
        >
          {pending ? "Making…" : "Pair a phone"}
        </button>
      </form>
      <FormError>{error}</FormError>
      {pairing ? (
        <div role="status" className="rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-900">
          <p className="font-medium">
            Scan this with “{pairing.name}” before {pairing.expires_at.slice(11, 16)} UTC; it works once.
          </p>
          <div className="mx-auto my-3 max-w-56" data-testid="pairing-qr">
            <BarcodeView format="qr_code" value={pairing.url} maxHeight={0.35} />
          </div>
          <CopyField id="pairing-link" label="Pairing link" value={pairing.url} />
        </div>
      ) : null}
    </div>
  );
}
