import type { ReactNode } from "react";

export function Card({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section
      id={id}
      className="scroll-mt-4 surface min-w-0 rounded-xl border border-line bg-surface p-4 shadow-sm ui-b:rounded ui-b:p-2 ui-c:p-5"
    >
      <h2 className="mb-2 text-base font-semibold ui-c:text-lg">{title}</h2>
      {children}
    </section>
  );
}
