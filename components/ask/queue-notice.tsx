import { useTranslations } from "next-intl";
import { Notice } from "@/components/ui/notice";
import { readQueueNotice } from "@/lib/ask/form-routes";

/**
 * The outcome a queue form post sends back in `?notice=` ("claimed:12",
 * "moved:12:done"), written from the catalogue in the reader's language:
 * "Claimed #12." Anything else in the address shows nothing, so a crafted
 * link cannot put its own words in this banner.
 */
export function QueueNotice({ notice }: { notice: unknown }) {
  const t = useTranslations("ask.notice");
  const read = readQueueNotice(notice);
  if (!read) return null;
  const text = read.key === "moved" ? t("moved", { id: read.id, status: read.status }) : t(read.key, { id: read.id });
  return (
    <Notice tone="success" className="mb-4">
      {text}
    </Notice>
  );
}
