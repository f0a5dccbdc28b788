"use client";

import { useTranslations } from "next-intl";
import { useState, type ChangeEvent, type JSX } from "react";
import { useCamera, type CameraState } from "@/components/scan/use-camera";
import {
  useBarcodeReader,
  useCodeReport,
  useDetectLoop,
  type DetectedBarcode,
} from "@/components/scan/use-detect-loop";
import { buttonClass } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { BARCODE_FORMATS, type BarcodeFormat } from "@/lib/scan/barcode-format";
import type { BarcodeReader } from "@/lib/scan/client/barcode-reader";
import { readPhoto } from "@/lib/scan/client/read-photo";

// Live camera barcode reader (docs/contract.md, "Scan decisions"): the camera
// (components/scan/use-camera.ts), the reading loop and its de-duplication
// (components/scan/use-detect-loop.ts), and a photo from the gallery as the
// way in when the camera cannot be used (read off the page's thread, looking
// again as needed: lib/scan/client/read-photo.ts, docs/barcode-corpus.md).
// It passes on each code once while it stays in view.

export type { DetectedBarcode } from "@/components/scan/use-detect-loop";

export type CameraScannerProps = {
  onDetected: (code: DetectedBarcode) => void;
  /** What to look for; every format we know by default. Fewer formats read faster. */
  formats?: BarcodeFormat[];
  /** Keeps the camera on but stops reading (e.g. while a result is being handled). */
  paused?: boolean;
  /**
   * A photo that holds several codes: given here, they are handed over
   * together for the person to pick one (a card's), instead of each to
   * `onDetected`.
   */
  onSeveral?: (codes: DetectedBarcode[]) => void;
};

type PhotoState =
  | { status: "idle" }
  | { status: "reading"; step: number; steps: number }
  | { status: "message"; message: "none" | "failed" };

export function CameraScanner({
  onDetected,
  formats = [...BARCODE_FORMATS],
  paused = false,
  onSeveral,
}: CameraScannerProps): JSX.Element {
  const t = useTranslations("scan.camera");
  const { videoRef, state, cameras, selected, choose, torch, toggleTorch, retry, attempt } = useCamera();
  const { reader, failed: readerFailed } = useBarcodeReader(formats, attempt);
  const { report, elementRef: rootRef } = useCodeReport({ formats, onNew: onDetected });
  const live = state.status === "live";
  useDetectLoop({ reader, videoRef, running: live && !paused, report });
  const [photo, setPhoto] = useState<PhotoState>({ status: "idle" });

  async function onPhotoChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setPhoto({ status: "reading", step: 0, steps: 1 });
    const root = rootRef.current;
    let outcome: { state: "found" | "none" | "failed"; codes: DetectedBarcode[] } = { state: "failed", codes: [] };
    try {
      const codes = await readPhoto(file, {
        formats,
        onProgress: ({ step, steps }) => setPhoto({ status: "reading", step, steps }),
      });
      // With someone to choose, a photo's codes are handed over together
      // (one goes straight on); else each new one, as the camera's are.
      const found = report(codes, { announce: !onSeveral });
      const distinct = distinctCodes(found);
      if (onSeveral && distinct.length > 1) onSeveral(distinct);
      else if (onSeveral && distinct[0]) onDetected(distinct[0]);
      outcome = { state: found.length > 0 ? "found" : "none", codes: found };
      setPhoto(found.length > 0 ? { status: "idle" } : { status: "message", message: "none" });
    } catch {
      setPhoto({ status: "message", message: "failed" });
    } finally {
      input.value = "";
      // What each photo gave, read by the photo tests and bench/corpus.ts.
      if (root) {
        root.dataset.photoCodes = JSON.stringify(outcome.codes);
        root.dataset.photo = outcome.state;
        root.dataset.photos = String(Number(root.dataset.photos ?? 0) + 1);
      }
    }
  }

  const status = statusLine({ camera: state, reader, readerFailed, paused });

  return (
    <div ref={rootRef} data-testid="camera-scanner" data-camera={state.status} data-engine={reader?.engine ?? ""}>
      <div
        // The camera's picture is dark whatever the variant; its words are light on it.
        className={`relative w-full overflow-hidden rounded-xl border border-line bg-black ${
          // Without a camera the box only carries the message: keep it small.
          state.status === "failed" ? "min-h-44" : "aspect-[4/3] max-h-[50vh]"
        }`}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          autoPlay
          aria-label={t("view")}
          className={`h-full w-full object-cover ${live ? "" : "invisible absolute inset-0"}`}
        />
        {live && !paused ? (
          <div
            aria-hidden
            // The frame to aim with; the shadow dims what lies outside it.
            className="pointer-events-none absolute inset-x-[8%] inset-y-[18%] rounded-lg border-2 border-[#fff] shadow-[0_0_0_100vmax_rgba(0,0,0,0.35)]"
          />
        ) : null}
        {state.status === "failed" ? (
          <div className="relative flex min-h-44 flex-col items-center justify-center gap-3 p-4 text-center text-[#fff]">
            <p role="alert" className="text-sm ui-c:text-base">
              {t(`problem.${state.problem}`)}
            </p>
            <button type="button" className={buttonClass("secondary")} onClick={retry}>
              {t("retry")}
            </button>
          </div>
        ) : null}
        {state.status === "starting" || state.status === "hidden" ? (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-[#fff]">{t("starting")}</p>
        ) : null}
      </div>

      <div className="mt-2 flex flex-wrap items-center gap-2">
        {cameras.length > 1 ? (
          <Select
            aria-label={t("choose")}
            value={selected ?? ""}
            onChange={(event) => choose(event.target.value || null)}
            className="flex-1"
          >
            {cameras.map((device, index) => (
              <option key={device.id} value={device.id}>
                {device.label ?? t("numbered", { number: index + 1 })}
              </option>
            ))}
          </Select>
        ) : null}
        {torch.supported ? (
          <button type="button" aria-pressed={torch.on} onClick={toggleTorch} className={buttonClass("secondary")}>
            {torch.on ? t("torchOff") : t("torchOn")}
          </button>
        ) : null}
        <label
          className={`${buttonClass("secondary")} cursor-pointer focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-focus`}
        >
          {photo.status === "reading" ? t("photo.busy") : t("photo.pick")}
          <input
            type="file"
            accept="image/*,application/pdf"
            className="sr-only"
            onChange={onPhotoChosen}
            disabled={photo.status === "reading"}
            aria-label={t("photo.input")}
          />
        </label>
      </div>
      <p role="status" className="mt-1 text-sm text-muted empty:hidden">
        {status ? t(`status.${status}`) : null}
      </p>
      {photo.status === "reading" ? (
        <div role="status" data-testid="photo-progress" className="mt-1 flex items-center gap-2 text-sm text-muted">
          {/* Several looks on a hard photo can take seconds on a phone: show each one. */}
          <span aria-hidden className="h-2 w-20 shrink-0 overflow-hidden rounded-full bg-sunken">
            <span
              className="block h-full rounded-full bg-accent transition-[width]"
              style={{ width: `${Math.round((100 * photo.step) / photo.steps)}%` }}
            />
          </span>
          <span>
            {photo.step <= 1 ? t("photo.reading") : t("photo.closer", { step: photo.step, steps: photo.steps })}
          </span>
        </div>
      ) : null}
      {photo.status === "message" ? (
        <Notice tone="danger" className="mt-2">
          {t(`photo.${photo.message}`)}
        </Notice>
      ) : null}
    </div>
  );
}

function statusLine({
  camera,
  reader,
  readerFailed,
  paused,
}: {
  camera: CameraState;
  reader: BarcodeReader | null;
  readerFailed: boolean;
  paused: boolean;
}): "readerFailed" | "loading" | "paused" | "aim" | null {
  if (readerFailed) return "readerFailed";
  if (camera.status !== "live") return null;
  if (!reader) return "loading";
  if (paused) return "paused";
  return "aim";
}

/** Each code once, in the order first found. */
function distinctCodes(codes: DetectedBarcode[]): DetectedBarcode[] {
  const seen = new Set<string>();
  return codes.filter((code) => {
    const key = `${code.format}\u0000${code.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
