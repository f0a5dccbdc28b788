"use client";

import { useState, type ReactNode } from "react";

/**
 * A <details> whose content is made only once it is first opened: a long
 * list that loads its own data (the ticker's tips) costs nothing, and says
 * nothing to a screen reader, until it is wanted.
 */
export function Folded({
  summary,
  className = "",
  children,
}: {
  summary: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <details className={className} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="cursor-pointer py-2.5 text-sm font-semibold text-link underline underline-offset-2">
        {summary}
      </summary>
      {opened ? <div className="mt-2">{children}</div> : null}
    </details>
  );
}
