"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * One operation of the API reference, folded to its summary line. Its body
 * (parameters, fields, answers: most of the page) is put in the page only
 * once unfolded, by a tap or by a link to its #id, so the reference stays a
 * short list to scan on a phone.
 */
export function OperationDetails({
  id,
  className,
  summary,
  children,
}: {
  id: string | undefined;
  className: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    const openIfTarget = () => {
      if (!id || decodeURIComponent(window.location.hash.slice(1)) !== id) return;
      if (ref.current) ref.current.open = true;
      setOpened(true);
    };
    openIfTarget();
    window.addEventListener("hashchange", openIfTarget);
    return () => window.removeEventListener("hashchange", openIfTarget);
  }, [id]);

  return (
    <details
      ref={ref}
      id={id}
      className={className}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      {summary}
      {opened ? children : null}
    </details>
  );
}
