import { useTranslations } from "next-intl";

// Who wrote a note, todo, observation or session, as the API records it
// (`operator`, `local`, `key:<name>`, `device:<name>`, `anonymous`; see
// lib/auth/origin.ts). A stranger's text stands out, so no one takes it for
// the operator's.

type Who = { kind: "operator" | "local" | "anonymous" } | { kind: "key" | "device"; name: string };

function whoOf(origin: string): Who {
  if (origin === "operator") return { kind: "operator" };
  if (origin === "local") return { kind: "local" };
  if (origin.startsWith("key:")) return { kind: "key", name: origin.slice(4) };
  if (origin.startsWith("device:")) return { kind: "device", name: origin.slice(7) };
  return { kind: "anonymous" };
}

export function OriginTag({ origin }: { origin: string }) {
  const t = useTranslations("labs.origin");
  const who = whoOf(origin);
  if (who.kind === "anonymous") {
    // A word on a tinted badge (not the colour alone), explained in words too.
    return (
      <span className="rounded bg-warn-surface px-1 font-medium text-warn" data-origin={origin}>
        {t("anonymous")}
        <span className="sr-only"> ({t("anonymousHint")})</span>
      </span>
    );
  }
  return (
    <span data-origin={origin}>
      {who.kind === "key" || who.kind === "device" ? t(who.kind, { name: who.name }) : t(who.kind)}
    </span>
  );
}
