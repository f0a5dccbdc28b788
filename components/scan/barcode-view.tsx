"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { barcodeEncoding, FORMAT_LABELS } from "@/lib/scan/barcode-encoding";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import { drawBarcode } from "@/lib/scan/draw-barcode";

type Failure = { key: string; detail: string };

/**
 * A barcode format's name as people read it: the symbologies' own names
 * ("EAN-13", "Code 128") are the same in every language; "QR code" is not.
 */
export function useFormatName(): (format: BarcodeFormat) => string {
  const t = useTranslations("wallet.formats");
  return (format) => (format === "qr_code" ? t("qr_code") : FORMAT_LABELS[format]);
}

/** What the barcode library said went wrong, without its own prefix ("bwipp.ean13badCheckDigit: "). */
function encodingDetail(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  return raw
    .replace(/^bwipp?\.[\w#]+:\s*/, "")
    .replace(/^bwip-js:\s*/, "")
    .trim();
}

/**
 * A card's barcode drawn on a canvas at whole device pixels per module, as
 * wide as its box allows and at most `maxHeight` of the screen's height. A
 * value that does not fit its format shows why instead (`onDrawn` hears it).
 * Always black on white, whatever the page's colours: a till's scanner needs it.
 */
export function BarcodeView({
  format,
  value,
  maxHeight = 0.45,
  onDrawn,
}: {
  format: string;
  value: string;
  /** Fraction of the viewport height the drawing may take. */
  maxHeight?: number;
  onDrawn?: (error: string | null) => void;
}) {
  const t = useTranslations("wallet");
  const encoding = useMemo(() => barcodeEncoding(format, value), [format, value]);
  const key = `${encoding.encoder}\u0000${encoding.text}`;
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const formatName = useFormatName()(encoding.format);

  const describe = (detail: string) =>
    detail
      ? t("barcode.cannotDrawWhy", { format: formatName, detail: /[.!?]$/.test(detail) ? detail : `${detail}.` })
      : t("barcode.cannotDraw", { format: formatName });
  const describeRef = useRef(describe);
  const onDrawnRef = useRef(onDrawn);
  useEffect(() => {
    onDrawnRef.current = onDrawn;
    describeRef.current = describe;
  });

  useEffect(() => {
    const box = boxRef.current;
    const canvas = canvasRef.current;
    if (!box || !canvas) return;
    // Redrawn whenever the box changes size (rotation, split screen); the
    // observer also fires once right away.
    const observer = new ResizeObserver(() => {
      const ratio = window.devicePixelRatio || 1;
      try {
        drawBarcode(canvas, encoding, {
          maxWidth: Math.floor(box.clientWidth * ratio),
          maxHeight: Math.floor(window.innerHeight * maxHeight * ratio),
        });
        canvas.style.width = `${canvas.width / ratio}px`;
        canvas.style.height = `${canvas.height / ratio}px`;
        setFailure(null);
        onDrawnRef.current?.(null);
      } catch (error) {
        const detail = encodingDetail(error);
        setFailure({ key, detail });
        onDrawnRef.current?.(describeRef.current(detail));
      }
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [encoding, key, maxHeight]);

  const error = failure?.key === key ? describe(failure.detail) : null;
  return (
    <div ref={boxRef} className="flex w-full flex-col items-center">
      {error ? (
        <p role="alert" className="rounded-lg bg-warn-surface px-4 py-3 text-center text-base text-warn">
          {error}
        </p>
      ) : null}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t("barcode.label", { format: formatName, value })}
        data-testid="barcode"
        data-format={encoding.format}
        // Whole device pixels per module, never resampled smoothly; the
        // drawing is black on white in every variant.
        style={{ imageRendering: "pixelated", backgroundColor: "#fff" }}
        className={error ? "hidden" : "block"}
      />
    </div>
  );
}
