import { useTranslations } from "next-intl";
import { usePriorityName } from "@/components/ask/capture-parts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { RelativeTime } from "@/components/ui/time";

// A todo's actions as plain form posts to /core-ask/<id>/… that answer 303
// back to `back`, so they work with JavaScript off. Shared by the queue's
// cards and the operator dashboard, so both act the same way.

/** "há 12 minutos", "12 minutes ago": how long ago `iso` was at `now` (the same on the server and after hydration). */
export function TimeAgo({ iso, now }: { iso: string; now: Date | number }) {
  return <RelativeTime iso={iso} now={Number(now)} />;
}

/** "3 · Urgent": the urgent ones in the danger tone, the soon ones in the warning one. */
export function PriorityBadge({ priority }: { priority: number }) {
  const t = useTranslations("ask.priority");
  const name = usePriorityName();
  return (
    <Badge tone={priority >= 3 ? "danger" : priority >= 1 ? "warn" : "neutral"}>
      {t("option", { value: priority, name: name(priority) })}
    </Badge>
  );
}

/** `label`: the button's accessible name where the todo is not otherwise named ("Claim #12"). */
export function ClaimForm({ todoId, back, label }: { todoId: number; back: string; label?: string }) {
  const t = useTranslations("ask.todo");
  return (
    <form action={`/core-ask/${todoId}/claim`} method="post">
      <input type="hidden" name="back" value={back} />
      <Button type="submit" aria-label={label}>
        {t("claim")}
      </Button>
    </form>
  );
}

export function ReleaseForm({ todoId, back }: { todoId: number; back: string }) {
  const t = useTranslations("ask.todo");
  return (
    <form action={`/core-ask/${todoId}/release`} method="post">
      <input type="hidden" name="back" value={back} />
      <Button type="submit" kind="secondary">
        {t("release")}
      </Button>
    </form>
  );
}

export function DecideForm({ todoId, back }: { todoId: number; back: string }) {
  const t = useTranslations("ask.todo");
  const id = `decision-${todoId}`;
  return (
    <form action={`/core-ask/${todoId}/decide`} method="post" className="space-y-2">
      <input type="hidden" name="back" value={back} />
      <FormField label={t("yourDecision")} id={id}>
        {(control) => <Textarea {...control} name="decision" required rows={2} />}
      </FormField>
      <Button type="submit">{t("decide")}</Button>
    </form>
  );
}
