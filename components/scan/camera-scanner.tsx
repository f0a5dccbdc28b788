"use client";

import { useEffect, useRef, useState, useSyncExternalStore, type ChangeEvent, type JSX } from "react";
import { buttonClass } from "@/components/scan/styles";
import { BARCODE_FORMATS, normalizeFormat, type BarcodeFormat } from "@/lib/scan/barcode-format";
import { loadBarcodeReader, type BarcodeReader, type DetectedCode } from "@/lib/scan/client/barcode-reader";
import { readPhoto } from "@/lib/scan/client/read-photo";

// Live camera barcode reader (issue 3 "Scanner"): rear camera preferred, a
// picker when there are several, the torch where the camera has one, and a
// photo from the gallery as the way in when the camera cannot be used (read
// off the page's thread, looking again as needed: lib/scan/client/read-photo.ts,
// docs/barcode-corpus.md). It reports every code it reads, frame after frame;
// the caller decides what is new (components/scan/scanner-view.tsx ignores a
// code seen in the last 3 s).

export type DetectedBarcode = { value: string; format: string };

export type CameraScannerProps = {
  onDetected: (code: DetectedBarcode) => void;
  /** What to look for; every format we know by default. Fewer formats read faster. */
  formats?: BarcodeFormat[];
  /** Keeps the camera on but stops reading (e.g. while a result is being handled). */
  paused?: boolean;
};

type CameraState =
  { status: "starting" } | { status: "live" } | { status: "hidden" } | { status: "failed"; message: string };

type PhotoState =
  { status: "idle" } | { status: "reading"; step: number; steps: number } | { status: "message"; message: string };

/** Time between two looks at the video; zxing needs 20–80 ms per frame on a phone. */
const SCAN_INTERVAL_MS = 120;

export function CameraScanner({
  onDetected,
  formats = [...BARCODE_FORMATS],
  paused = false,
}: CameraScannerProps): JSX.Element {
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const trackRef = useRef<MediaStreamTrack | null>(null);
  const onDetectedRef = useRef(onDetected);
  const detections = useRef(0);
  const formatsKey = formats.join(",");

  const [attempt, setAttempt] = useState(0);
  // A hidden page gives the camera back (and its battery) until it shows again.
  const visible = useSyncExternalStore(
    subscribeToVisibility,
    () => document.visibilityState !== "hidden",
    () => true,
  );
  // What the camera start for `key` came to; a newer start (other camera,
  // Try again, page shown again) is "starting" until it reports.
  const [started, setStarted] = useState<{ key: string; state: CameraState } | null>(null);
  const [cameras, setCameras] = useState<{ id: string; label: string }[]>([]);
  const [chosenCamera, setChosenCamera] = useState<string | null>(null);
  const [activeCamera, setActiveCamera] = useState<string | null>(null);
  const [torch, setTorch] = useState({ supported: false, on: false });
  const [reader, setReader] = useState<BarcodeReader | null>(null);
  const [readerError, setReaderError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<PhotoState>({ status: "idle" });

  useEffect(() => {
    onDetectedRef.current = onDetected;
  });

  // The reader (and, without a native one, its wasm) loads once the page is up.
  useEffect(() => {
    let cancelled = false;
    loadBarcodeReader(formatsKey.split(",") as BarcodeFormat[]).then(
      (loaded) => {
        if (cancelled) return;
        performance.mark("labs:reader-ready");
        setReader(loaded);
        setReaderError(null);
      },
      () => {
        if (!cancelled)
          setReaderError("The barcode reader could not be loaded. Check the connection and reload the page.");
      },
    );
    return () => {
      cancelled = true;
    };
  }, [formatsKey, attempt]);

  const startKey = `${chosenCamera ?? ""}|${attempt}`;
  const camera: CameraState = !visible
    ? { status: "hidden" }
    : started?.key === startKey
      ? started.state
      : { status: "starting" };

  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    let stream: MediaStream | null = null;
    const video = videoRef.current;
    const setCamera = (state: CameraState) => setStarted({ key: startKey, state });

    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new CameraUnavailable(window.isSecureContext);
      stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: chosenCamera
          ? { deviceId: { exact: chosenCamera } }
          : { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
      });
      if (cancelled || !video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      const track = stream.getVideoTracks()[0] ?? null;
      trackRef.current = track;
      const capabilities = track?.getCapabilities?.() as { torch?: boolean } | undefined;
      setTorch({ supported: capabilities?.torch === true, on: false });
      setActiveCamera(track?.getSettings().deviceId ?? null);
      track?.addEventListener("ended", () => {
        if (!cancelled) setCamera({ status: "failed", message: "The camera stopped. Tap Try again." });
      });
      // Labels are only given once the camera is allowed, so list them now.
      const devices = await navigator.mediaDevices.enumerateDevices();
      if (cancelled) return;
      setCameras(
        devices
          .filter((device) => device.kind === "videoinput" && device.deviceId)
          .map((device, index) => ({ id: device.deviceId, label: device.label || `Camera ${index + 1}` })),
      );
      performance.mark("labs:camera-live");
      setCamera({ status: "live" });
    })().catch((error: unknown) => {
      if (!cancelled) setCamera({ status: "failed", message: cameraMessage(error) });
    });

    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
      trackRef.current = null;
      if (video) video.srcObject = null;
    };
  }, [visible, chosenCamera, startKey]);

  const live = camera.status === "live";
  useEffect(() => {
    if (!reader || !live || paused) return;
    const allowed = new Set(formatsKey.split(","));
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const video = videoRef.current;
      if (video && video.readyState >= 2 && video.videoWidth > 0) {
        const codes = await reader.detect(video).catch(() => [] as DetectedCode[]);
        if (stopped) return;
        report(codes, allowed);
      }
      if (!stopped) timer = setTimeout(tick, SCAN_INTERVAL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [reader, live, paused, formatsKey]);

  function report(codes: DetectedCode[], allowed: Set<string>): DetectedBarcode[] {
    const reported: DetectedBarcode[] = [];
    for (const code of codes) {
      const format = normalizeFormat(code.format);
      if (!format || !allowed.has(format) || !code.rawValue) continue;
      detections.current += 1;
      // Read by the tests and bench/scanner-first-code.ts; no re-render per frame.
      if (rootRef.current) rootRef.current.dataset.detections = String(detections.current);
      if (detections.current === 1) performance.mark("labs:first-code");
      onDetectedRef.current({ value: code.rawValue, format });
      reported.push({ value: code.rawValue, format });
    }
    return reported;
  }

  async function toggleTorch() {
    const track = trackRef.current;
    if (!track) return;
    const on = !torch.on;
    try {
      await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
      setTorch({ supported: true, on });
    } catch {
      setTorch({ supported: false, on: false });
    }
  }

  async function onPhotoChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setPhoto({ status: "reading", step: 0, steps: 1 });
    const root = rootRef.current;
    let outcome: { state: "found" | "none" | "failed"; codes: DetectedBarcode[] } = { state: "failed", codes: [] };
    try {
      const codes = await readPhoto(file, {
        formats: formatsKey.split(",") as BarcodeFormat[],
        onProgress: ({ step, steps }) => setPhoto({ status: "reading", step, steps }),
      });
      const found = report(codes, new Set(formatsKey.split(",")));
      outcome = { state: found.length > 0 ? "found" : "none", codes: found };
      setPhoto(
        found.length > 0
          ? { status: "idle" }
          : {
              status: "message",
              message: "No barcode found in that photo. Take it again closer, with the code flat, sharp and well lit.",
            },
      );
    } catch {
      setPhoto({ status: "message", message: "That photo could not be read. Try another one." });
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

  const status = statusLine({ camera, reader, readerError, paused });

  return (
    <div ref={rootRef} data-testid="camera-scanner" data-camera={camera.status} data-engine={reader?.engine ?? ""}>
      <div
        className={`relative w-full overflow-hidden rounded-xl bg-slate-900 ui-d:border ui-d:border-white ${
          // Without a camera the box only carries the message: keep it small.
          camera.status === "failed" ? "h-44" : "aspect-[4/3] max-h-[50vh]"
        }`}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          autoPlay
          aria-label="Camera view"
          className={`h-full w-full object-cover ${live ? "" : "invisible"}`}
        />
        {live && !paused ? (
          <div
            aria-hidden
            // The frame to aim with; the shadow dims what lies outside it.
            className="pointer-events-none absolute inset-x-[8%] inset-y-[18%] rounded-lg border-2 border-white shadow-[0_0_0_100vmax_rgba(0,0,0,0.35)]"
          />
        ) : null}
        {camera.status === "failed" ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center text-white">
            <p role="alert" className="text-sm ui-c:text-base">
              {camera.message}
            </p>
            <button type="button" className={buttonClass("light")} onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        ) : null}
        {camera.status === "starting" || camera.status === "hidden" ? (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-white/80">
            Starting the camera…
          </p>
        ) : null}
      </div>

      <div className="mt-2 flex flex-wrap items-center gap-2">
        {cameras.length > 1 ? (
          <select
            aria-label="Camera"
            value={chosenCamera ?? activeCamera ?? ""}
            onChange={(event) => setChosenCamera(event.target.value || null)}
            className="surface min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 py-2.5 text-sm ui-c:py-3 ui-c:text-base"
          >
            {cameras.map((device) => (
              <option key={device.id} value={device.id}>
                {device.label}
              </option>
            ))}
          </select>
        ) : null}
        {torch.supported ? (
          <button type="button" aria-pressed={torch.on} onClick={toggleTorch} className={buttonClass("secondary")}>
            {torch.on ? "Torch off" : "Torch on"}
          </button>
        ) : null}
        <label className={`${buttonClass("secondary")} cursor-pointer`}>
          {photo.status === "reading" ? "Reading photo…" : "Scan a photo"}
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={onPhotoChosen}
            disabled={photo.status === "reading"}
            aria-label="Pick a photo of a barcode"
          />
        </label>
      </div>
      <p role="status" className="mt-1 text-sm text-slate-600 ui-d:text-slate-200">
        {status}
      </p>
      {photo.status === "reading" ? (
        <div
          role="status"
          data-testid="photo-progress"
          className="mt-1 flex items-center gap-2 text-sm text-slate-600 ui-d:text-slate-200"
        >
          {/* Several looks on a hard photo can take seconds on a phone: show each one. */}
          <span aria-hidden className="h-2 w-20 shrink-0 overflow-hidden rounded-full bg-slate-200 ui-d:bg-slate-700">
            <span
              className="block h-full rounded-full bg-brand transition-[width]"
              style={{ width: `${Math.round((100 * photo.step) / photo.steps)}%` }}
            />
          </span>
          <span>{photo.step <= 1 ? "Reading the photo…" : `Looking closer, ${photo.step} of ${photo.steps}…`}</span>
        </div>
      ) : null}
      {photo.status === "message" ? (
        <p role="alert" className="mt-1 text-sm text-amber-800 ui-d:text-yellow-300">
          {photo.message}
        </p>
      ) : null}
    </div>
  );
}

function subscribeToVisibility(onChange: () => void): () => void {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

class CameraUnavailable extends Error {
  constructor(readonly secure: boolean) {
    super("no camera API");
  }
}

function cameraMessage(error: unknown): string {
  const fallback = "Type the code or scan a photo below.";
  if (error instanceof CameraUnavailable) {
    return error.secure
      ? `This browser cannot use the camera. ${fallback}`
      : `The camera only works over a secure (https) connection. ${fallback}`;
  }
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "SecurityError") {
    return `Camera access is blocked. Allow the camera for this site in the browser's settings, then tap Try again — or ${fallback.toLowerCase()}`;
  }
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") {
    return `No camera was found. ${fallback}`;
  }
  if (name === "NotReadableError" || name === "AbortError" || name === "TrackStartError") {
    return "The camera is busy in another app. Close it, then tap Try again.";
  }
  return `The camera could not be started. ${fallback}`;
}

function statusLine({
  camera,
  reader,
  readerError,
  paused,
}: {
  camera: CameraState;
  reader: BarcodeReader | null;
  readerError: string | null;
  paused: boolean;
}): string {
  if (readerError) return readerError;
  if (camera.status !== "live") return "";
  if (!reader) return "Loading the barcode reader…";
  if (paused) return "Paused.";
  return "Point the camera at a barcode or QR code.";
}
