"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { barcodeEncoding, describeEncodingError, FORMAT_LABELS } from "@/lib/scan/barcode-encoding";
import { drawBarcode } from "@/lib/scan/draw-barcode";

type Failure = { key: string; message: string };

/**
 * A card's barcode drawn on a canvas at whole device pixels per module, as
 * wide as its box allows and at most `maxHeight` of the screen's height. A
 * value that does not fit its format shows why instead (`onDrawn` hears it).
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
  const encoding = useMemo(() => barcodeEncoding(format, value), [format, value]);
  const key = `${encoding.encoder}\u0000${encoding.text}`;
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const onDrawnRef = useRef(onDrawn);
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    onDrawnRef.current = onDrawn;
  }, [onDrawn]);

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
        const message = describeEncodingError(error, encoding.format);
        setFailure({ key, message });
        onDrawnRef.current?.(message);
      }
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [encoding, key, maxHeight]);

  const error = failure?.key === key ? failure.message : null;
  return (
    <div ref={boxRef} className="flex w-full flex-col items-center">
      {error ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-center text-base text-amber-900">
          {error}
        </p>
      ) : null}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`${FORMAT_LABELS[encoding.format]} barcode of ${value}`}
        data-testid="barcode"
        data-format={encoding.format}
        // Whole device pixels per module, never resampled smoothly.
        style={{ imageRendering: "pixelated" }}
        className={error ? "hidden" : "block bg-white"}
      />
    </div>
  );
}
