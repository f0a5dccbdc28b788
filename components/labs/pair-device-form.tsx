"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { CopyField } from "@/components/labs/copy-button";
import { BarcodeView } from "@/components/scan/barcode-view";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Time } from "@/components/ui/time";
import { useMakeForm } from "@/components/ui/use-api-form";
import { createPairingBody, type CreatePairingResponse } from "@/lib/platform/schemas";

/** Makes a one-time pairing link and shows it as a QR code for the phone's camera. */
export function PairDeviceForm() {
  const t = useTranslations("labs.admin.devices.pair");
  const [pairing, setPairing] = useState<CreatePairingResponse | null>(null);
  const { form, submit } = useMakeForm(
    createPairingBody,
    { name: "" },
    { url: "/labs/api/devices/pairings", onMade: setPairing },
  );
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const nameError = errors.name?.type === "too_small" ? t("name.empty") : errors.name?.message;

  return (
    <div className="space-y-3">
      <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="min-w-0 grow basis-40">
          <FormField label={t("name.label")} id="pair-name" error={nameError}>
            {(control) => (
              <Input
                {...control}
                maxLength={60}
                placeholder={t("name.placeholder")}
                autoComplete="off"
                {...register("name")}
              />
            )}
          </FormField>
        </div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("sending") : t("submit")}
        </Button>
      </form>
      <FormError>{errors.root?.server?.message}</FormError>
      {pairing ? (
        <div role="status" className="rounded-lg border border-line-strong bg-surface p-3 text-sm text-fg">
          <p className="font-medium">
            {t.rich("made", {
              name: pairing.name,
              time: () => <Time iso={pairing.expires_at} style="time" />,
            })}
          </p>
          <div className="mx-auto my-3 max-w-56" data-testid="pairing-qr">
            <BarcodeView format="qr_code" value={pairing.url} maxHeight={0.35} />
          </div>
          <CopyField id="pairing-link" label={t("link")} value={pairing.url} />
        </div>
      ) : null}
    </div>
  );
}
