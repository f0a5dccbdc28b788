"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { normalizeFormat, type BarcodeFormat } from "@/lib/scan/barcode-format";
import { loadBarcodeReader, type BarcodeReader, type DetectedCode } from "@/lib/scan/client/barcode-reader";
import { createCodeFilter, createScanClock } from "@/lib/scan/client/code-filter";
import { normaliseReading } from "@/lib/scan/normalise-reading";

// The scanner's reading side: the barcode reader (the browser's own
// BarcodeDetector, else zxing's wasm; lib/scan/client/barcode-reader.ts), a
// look at the video every SCAN_INTERVAL_MS while the camera is live, and the
// de-duplication of what is seen: a code held in view is read many times a
// second but passed on once, then again only after 3 s out of sight
// (lib/scan/client/code-filter.ts). Photos go through the same `report`.
// Every code is passed on as its symbol is printed, one way whichever reader
// read it (lib/scan/normalise-reading.ts): a card keeps that, a scan's
// product is keyed by its GTIN on the server.

export type DetectedBarcode = { value: string; format: BarcodeFormat };

/** Time between two looks at the video; zxing needs 20–80 ms per frame on a phone. */
const SCAN_INTERVAL_MS = 120;

/** The reader for `formats`, loaded once the page is up (again on each `attempt`); `failed` when it could not load. */
export function useBarcodeReader(formats: readonly BarcodeFormat[], attempt: number) {
  const formatsKey = formats.join(",");
  const [state, setState] = useState<{ reader: BarcodeReader | null; failed: boolean }>({
    reader: null,
    failed: false,
  });
  useEffect(() => {
    let cancelled = false;
    loadBarcodeReader(formatsKey.split(",") as BarcodeFormat[]).then(
      (reader) => {
        if (cancelled) return;
        performance.mark("labs:reader-ready");
        setState({ reader, failed: false });
      },
      () => {
        if (!cancelled) setState((current) => ({ ...current, failed: true }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [formatsKey, attempt]);
  return state;
}

/**
 * `report(codes)` takes what a reader found (in a frame or a photo), keeps the
 * codes of `formats`, counts every sighting on the `data-detections` of the
 * element given `elementRef` (read by the tests and bench/scanner-first-code.ts,
 * with no re-render per frame), and passes each code that is new to `onNew`
 * (unless told not to announce them: the caller then chooses). It returns the
 * codes it kept, new or not.
 */
export function useCodeReport({
  formats,
  onNew,
}: {
  formats: readonly BarcodeFormat[];
  onNew: (code: DetectedBarcode) => void;
}) {
  const elementRef = useRef<HTMLDivElement>(null);
  const formatsKey = formats.join(",");
  const onNewRef = useRef(onNew);
  const filter = useRef(createCodeFilter());
  const clock = useRef(createScanClock());
  const sightings = useRef(0);
  useEffect(() => {
    onNewRef.current = onNew;
  });

  const report = useCallback(
    (
      codes: DetectedCode[],
      { announce = true, frame = false }: { announce?: boolean; frame?: boolean } = {},
    ): DetectedBarcode[] => {
      const allowed = new Set(formatsKey.split(","));
      // Every look moves the clock on, the ones that found nothing too.
      const now = clock.current.at(performance.now(), { frame });
      const kept: DetectedBarcode[] = [];
      for (const code of codes) {
        const format = normalizeFormat(code.format);
        if (!format || !allowed.has(format) || !code.rawValue) continue;
        sightings.current += 1;
        const element = elementRef.current;
        if (element) element.dataset.detections = String(sightings.current);
        if (sightings.current === 1) performance.mark("labs:first-code");
        const value = normaliseReading({ value: code.rawValue, format });
        kept.push({ value, format });
        if (announce && filter.current.accept(value, now)) {
          onNewRef.current({ value, format });
        }
      }
      return kept;
    },
    [formatsKey],
  );
  return { report, elementRef };
}

/** Looks at `video` with `reader` every SCAN_INTERVAL_MS while `running`, and hands what it finds to `report`. */
export function useDetectLoop({
  reader,
  videoRef,
  running,
  report,
}: {
  reader: BarcodeReader | null;
  videoRef: RefObject<HTMLVideoElement | null>;
  running: boolean;
  report: (codes: DetectedCode[], options: { frame: true }) => unknown;
}) {
  useEffect(() => {
    if (!reader || !running) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const video = videoRef.current;
      if (video && video.readyState >= 2 && video.videoWidth > 0) {
        const codes = await reader.detect(video).catch(() => [] as DetectedCode[]);
        if (stopped) return;
        report(codes, { frame: true });
      }
      if (!stopped) timer = setTimeout(tick, SCAN_INTERVAL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [reader, running, videoRef, report]);
}
