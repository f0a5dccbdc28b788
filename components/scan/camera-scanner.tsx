"use client";

import type { JSX } from "react";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";

// Placeholder on the wallet branch: the scanner branch writes the real camera
// scanner with exactly this contract, and the merge takes that one.
export function CameraScanner(props: {
  onDetected: (code: { value: string; format: string }) => void;
  formats?: BarcodeFormat[];
  paused?: boolean;
}): JSX.Element {
  void props;
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
      Camera not available
    </p>
  );
}
