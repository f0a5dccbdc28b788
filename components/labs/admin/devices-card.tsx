import { getTranslations } from "next-intl/server";
import { PairDeviceForm } from "@/components/labs/pair-device-form";
import { RevokeButton } from "@/components/labs/revoke-button";
import { Card } from "@/components/ui/card";
import { Time } from "@/components/ui/time";
import { listDevices } from "@/lib/auth/devices";
import { env } from "@/lib/env";

/** The admin page's paired devices: pair one, see when each was last used, revoke. */
export async function DevicesCard() {
  const [devices, t] = await Promise.all([listDevices(), getTranslations("labs.admin")]);
  const household = env().LABS_ACCESS === "household";
  return (
    <Card title={t("devices.title")}>
      <p className="mb-3 text-sm text-muted">
        {household ? t("devices.household") : t("devices.open")} {t("devices.once")}
      </p>
      <PairDeviceForm />
      <ul className="mt-4 divide-y divide-line" aria-label={t("devices.title")}>
        {devices.length === 0 ? <li className="py-2 text-sm text-muted">{t("devices.none")}</li> : null}
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium break-words">{device.name}</span>
              <span className="block text-xs text-muted">
                {t.rich("devices.paired", { time: () => <Time iso={device.created_at} /> })}
                {" · "}
                {device.last_used_at
                  ? t.rich("devices.lastUsed", { time: () => <Time iso={device.last_used_at!} /> })
                  : t("devices.neverUsed")}
              </span>
            </span>
            {device.revoked_at ? (
              <span className="text-muted">{t.rich("revoked", { time: () => <Time iso={device.revoked_at!} /> })}</span>
            ) : (
              <RevokeButton path={`/labs/api/devices/${device.id}/revoke`} name={device.name} />
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
