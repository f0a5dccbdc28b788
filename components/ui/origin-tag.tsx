// Who wrote a note, todo, observation or session, as the API records it
// (`operator`, `local`, `key:<name>`, `device:<name>`, `anonymous`; see
// lib/auth/origin.ts). A stranger's text stands out, so no one takes it for
// the operator's.

export function describeOrigin(origin: string): string {
  if (origin === "operator") return "the operator";
  if (origin === "local") return "this machine";
  if (origin.startsWith("key:")) return `key ${origin.slice(4)}`;
  if (origin.startsWith("device:")) return origin.slice(7);
  return "anonymous";
}

export function OriginTag({ origin }: { origin: string }) {
  if (origin === "anonymous") {
    return (
      <span
        className="rounded bg-amber-100 px-1 text-amber-900 ui-d:bg-amber-900 ui-d:text-amber-100"
        data-origin={origin}
        title="Written by someone outside the household"
      >
        anonymous
      </span>
    );
  }
  return <span data-origin={origin}>by {describeOrigin(origin)}</span>;
}
