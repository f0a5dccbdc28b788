import { useTranslations } from "next-intl";
import { Notice } from "@/components/ui/notice";
import { PRIORITIES, priorityKey } from "@/lib/ask/priority-labels";

// Pieces the capture forms and the queue's edit form share.

/** A priority as the pages say it: "Urgent", or the number itself outside -2 … 5. */
export function usePriorityName() {
  const t = useTranslations("ask.priority");
  return (priority: number) => {
    const key = priorityKey(priority);
    return key ? t(key) : String(priority);
  };
}

/** The <option>s of a priority picker, most urgent first: "3 · Urgent". */
export function PriorityOptions() {
  const t = useTranslations("ask.priority");
  const name = usePriorityName();
  return PRIORITIES.map((value) => (
    <option key={value} value={value}>
      {t("option", { value, name: name(value) })}
    </option>
  ));
}

/** A capture that went through: its number. */
export function CaptureSent({ id }: { id: number | null }) {
  const t = useTranslations("ask");
  return (
    // Always in the page, so a screen reader hears the message when it arrives.
    <div aria-live="polite">
      {id !== null ? (
        <Notice tone="success" className="mt-1">
          {t("sent", { id })}
        </Notice>
      ) : null}
    </div>
  );
}
