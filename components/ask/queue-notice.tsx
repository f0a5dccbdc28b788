import { useTranslations } from "next-intl";
import { Notice } from "@/components/ui/notice";
import { readQueueNotice } from "@/lib/ask/form-routes";

/**
 * The outcome a queue form post sends back in `?notice=` ("claimed:12:operator"),
 * written in the reader's language: "Claimed #12 as operator." Anything else
 * in the address shows nothing.
 */
export function QueueNotice({ notice }: { notice: unknown }) {
  const t = useTranslations("ask.notice");
  const read = readQueueNotice(notice);
  if (!read) return null;
  const { key, id, detail } = read;
  const text =
    key === "claimed"
      ? t("claimed", { id, agent: detail })
      : key === "moved"
        ? t("moved", { id, status: detail })
        : t(key, { id });
  return (
    <Notice tone="success" className="mb-4">
      {text}
    </Notice>
  );
}
