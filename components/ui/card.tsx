import type { ReactNode } from "react";
import { Panel } from "@/components/ui/panel";

export function Card({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Panel id={id} className="scroll-mt-4">
      <h2 className="mb-2 text-base font-semibold ui-c:text-lg">{title}</h2>
      {children}
    </Panel>
  );
}
