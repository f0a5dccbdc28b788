"use client";

import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";

// The live camera behind the scanner (docs/contract.md, "Scan decisions"): the rear camera
// preferred, the others to pick from once the camera is allowed, the torch
// where the camera has one. The camera is given back (and its battery) when
// the page is hidden or the component goes, and started again when the page
// shows. Problems come back as a code the caller words in the reader's language.

export type CameraProblem = "stopped" | "noApi" | "insecure" | "blocked" | "notFound" | "busy" | "failed";

export type CameraState =
  { status: "starting" } | { status: "live" } | { status: "hidden" } | { status: "failed"; problem: CameraProblem };

export type CameraDevice = { id: string; label: string | null };

export type Camera = {
  videoRef: RefObject<HTMLVideoElement | null>;
  state: CameraState;
  /** The cameras to choose from (labels only once the camera is allowed; null when the browser gives none). */
  cameras: CameraDevice[];
  /** The camera in use, or the one asked for. */
  selected: string | null;
  choose: (deviceId: string | null) => void;
  torch: { supported: boolean; on: boolean };
  toggleTorch: () => Promise<void>;
  /** Starts the camera again (after a refusal, a busy camera, …). */
  retry: () => void;
  /** Counts the retries, for what else should start again with the camera. */
  attempt: number;
};

export function useCamera(): Camera {
  const videoRef = useRef<HTMLVideoElement>(null);
  const trackRef = useRef<MediaStreamTrack | null>(null);
  const [attempt, setAttempt] = useState(0);
  const visible = useSyncExternalStore(
    subscribeToVisibility,
    () => document.visibilityState !== "hidden",
    () => true,
  );
  // What the camera start for `key` came to; a newer start (other camera,
  // Try again, page shown again) is "starting" until it reports.
  const [started, setStarted] = useState<{ key: string; state: CameraState } | null>(null);
  const [cameras, setCameras] = useState<CameraDevice[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const [torch, setTorch] = useState({ supported: false, on: false });

  const startKey = `${chosen ?? ""}|${attempt}`;
  const state: CameraState = !visible
    ? { status: "hidden" }
    : started?.key === startKey
      ? started.state
      : { status: "starting" };

  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    let stream: MediaStream | null = null;
    const video = videoRef.current;
    const report = (next: CameraState) => setStarted({ key: startKey, state: next });

    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new CameraUnavailable(window.isSecureContext);
      stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: chosen
          ? { deviceId: { exact: chosen } }
          : { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
      });
      if (cancelled || !video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      const track = stream.getVideoTracks()[0] ?? null;
      trackRef.current = track;
      const capabilities = track?.getCapabilities?.() as { torch?: boolean } | undefined;
      setTorch({ supported: capabilities?.torch === true, on: false });
      setActive(track?.getSettings().deviceId ?? null);
      track?.addEventListener("ended", () => {
        if (!cancelled) report({ status: "failed", problem: "stopped" });
      });
      // Live, so reading starts now; the list of cameras can follow.
      performance.mark("labs:camera-live");
      report({ status: "live" });
      // Labels are only given once the camera is allowed, so list them now.
      const devices = await navigator.mediaDevices.enumerateDevices();
      if (cancelled) return;
      setCameras(
        devices
          .filter((device) => device.kind === "videoinput" && device.deviceId)
          .map((device) => ({ id: device.deviceId, label: device.label || null })),
      );
    })().catch((error: unknown) => {
      if (!cancelled) report({ status: "failed", problem: cameraProblem(error) });
    });

    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
      trackRef.current = null;
      if (video) video.srcObject = null;
    };
  }, [visible, chosen, startKey]);

  const toggleTorch = useCallback(async () => {
    const track = trackRef.current;
    if (!track) return;
    const on = !torch.on;
    try {
      await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
      setTorch({ supported: true, on });
    } catch {
      setTorch({ supported: false, on: false });
    }
  }, [torch.on]);

  return {
    videoRef,
    state,
    cameras,
    selected: chosen ?? active,
    choose: setChosen,
    torch,
    toggleTorch,
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    attempt,
  };
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

function cameraProblem(error: unknown): CameraProblem {
  if (error instanceof CameraUnavailable) return error.secure ? "noApi" : "insecure";
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "blocked";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") {
    return "notFound";
  }
  if (name === "NotReadableError" || name === "AbortError" || name === "TrackStartError") return "busy";
  return "failed";
}
