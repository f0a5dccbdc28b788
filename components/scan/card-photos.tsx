"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass, Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Panel } from "@/components/ui/panel";
import { FetchError, api } from "@/lib/http/client-api";
import { scalePhoto } from "@/lib/scan/client/scale-photo";
import type { Card, CardPhotoSide } from "@/lib/scan/schemas";

// A card's pictures (docs/decisions/028-card-photos.md): taken or chosen in
// its edit sheet, one side at a time, sent as soon as chosen; shown at the
// till beneath the barcode, each opened whole with a tap.

/** The sides a person takes; an icon comes from an import and is shown only when there is one. */
const TAKEN_SIDES = ["front", "back"] as const;

const sidesOf = (card: Card): CardPhotoSide[] => (card.photos.icon ? [...TAKEN_SIDES, "icon"] : [...TAKEN_SIDES]);

/** The edit sheet's photos: each side's picture, and a button to take, choose or remove it. */
export function CardPhotosEditor({ card, onSaved }: { card: Card; onSaved: (card: Card) => void }) {
  const t = useTranslations("wallet.photos");
  const [busy, setBusy] = useState<CardPhotoSide | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (side: CardPhotoSide, change: () => Promise<{ card: Card }>) => {
    setBusy(side);
    setProblem(null);
    try {
      onSaved((await change()).card);
    } catch (error) {
      setProblem(error instanceof FetchError ? error.message : t("unreadable"));
    } finally {
      setBusy(null);
    }
  };
  const url = (side: CardPhotoSide) => `/base-scan/api/cards/${card.id}/photos/${side}`;
  const upload = (side: CardPhotoSide, file: File) =>
    send(side, async () =>
      api(url(side), { method: "PUT", blob: await scalePhoto(file), headers: { "content-type": "image/jpeg" } }),
    );
  const remove = (side: CardPhotoSide) => send(side, () => api(url(side), { method: "DELETE" }));

  return (
    <Panel aria-labelledby={`photos-${card.id}`} kind="inset">
      <h3 id={`photos-${card.id}`} className="font-semibold">
        {t("title")}
      </h3>
      <div className="mt-3 grid grid-cols-2 gap-3">
        {sidesOf(card).map((side) => {
          const photo = card.photos[side];
          return (
            <fieldset key={side} className="min-w-0 space-y-2">
              <legend className="mb-1 text-sm font-medium">{t(`sides.${side}`)}</legend>
              {photo ? (
                // eslint-disable-next-line @next/next/no-img-element -- our own API's picture, already sized for a phone
                <img
                  src={photo}
                  alt={t("alt", { side: t(`sides.${side}`), store: card.store_name })}
                  className="aspect-[1.586] w-full rounded-lg border border-line bg-sunken object-contain"
                />
              ) : (
                <p className="flex aspect-[1.586] w-full items-center justify-center rounded-lg border border-dashed border-line-strong p-2 text-center text-sm text-muted">
                  {t("none")}
                </p>
              )}
              {side === "icon" ? null : (
                <label
                  className={`${buttonClass("secondary", { block: true })} cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus ${busy ? "pointer-events-none opacity-60" : ""}`}
                >
                  <input
                    type="file"
                    accept="image/*"
                    className="sr-only"
                    disabled={busy !== null}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = "";
                      if (file) void upload(side, file);
                    }}
                  />
                  {busy === side ? t("sending") : photo ? t("replace") : t("add")}
                </label>
              )}
              {photo ? (
                <Button kind="ghost" block disabled={busy !== null} onClick={() => void remove(side)}>
                  {t("remove")}
                </Button>
              ) : null}
            </fieldset>
          );
        })}
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-danger">
          {problem}
        </p>
      ) : null}
    </Panel>
  );
}

/** At the till: the card's pictures small, each opened whole on a tap (a cashier may want the back). */
export function CardPhotoStrip({ card }: { card: Card }) {
  const t = useTranslations("wallet.photos");
  const [shown, setShown] = useState<CardPhotoSide | null>(null);
  const sides = TAKEN_SIDES.filter((side) => card.photos[side] !== null);
  if (sides.length === 0) return null;
  const altOf = (side: CardPhotoSide) => t("alt", { side: t(`sides.${side}`), store: card.store_name });
  return (
    <>
      <ul className="mt-4 flex gap-3" aria-label={t("title")}>
        {sides.map((side) => (
          <li key={side}>
            <button
              type="button"
              onClick={() => setShown(side)}
              aria-label={t("show", { side: t(`sides.${side}`).toLocaleLowerCase() })}
              className="block rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- our own API's picture */}
              <img src={card.photos[side]!} alt="" className="h-16 w-auto rounded-lg border border-line" />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={shown !== null} onClose={() => setShown(null)} title={shown ? t(`sides.${shown}`) : t("title")}>
        {shown ? (
          // eslint-disable-next-line @next/next/no-img-element -- our own API's picture
          <img src={card.photos[shown]!} alt={altOf(shown)} className="mx-auto max-h-[70dvh] w-auto rounded-lg" />
        ) : null}
      </Dialog>
    </>
  );
}
