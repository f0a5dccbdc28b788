import { useTranslations } from "next-intl";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ScanKind } from "@/lib/scan/classify-code";

// What a scan is, as a short label: its words say it, the colour only helps.
const TONES: Record<ScanKind, BadgeTone> = {
  barcode: "success",
  fatura: "warn",
  card: "info",
  url: "accent",
  qr: "neutral",
};

export function KindBadge({ kind }: { kind: ScanKind }) {
  const t = useTranslations("scan.kinds");
  return <Badge tone={TONES[kind]}>{t(kind)}</Badge>;
}
