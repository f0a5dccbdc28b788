import type { ReactNode } from "react";

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="surface min-w-0 rounded-xl border border-line bg-surface p-4 shadow-sm ui-b:rounded ui-b:p-2 ui-c:p-5">
      <h2 className="mb-2 text-base font-semibold ui-c:text-lg">{title}</h2>
      {children}
    </section>
  );
}
