import type { ReactNode } from "react";

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6 ui-b:mb-3">
      <h1 className="text-2xl font-semibold tracking-tight break-words ui-b:text-xl ui-c:text-3xl">{title}</h1>
      {children ? <p className="mt-1 text-muted">{children}</p> : null}
    </header>
  );
}
