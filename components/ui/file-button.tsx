import type { ComponentProps, ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";

/**
 * A file input behind a labelled button of ours: the browser's own "Choose
 * files" and "No file chosen" speak the browser's language, not the page's.
 * The input stays in the form (sr-only, focusable), so it posts without
 * JavaScript and takes a FormField's control and a form hook's ref; `chosen`
 * says what is picked, beside the button.
 */
export function FileButton({
  id,
  choose,
  chosen,
  ...input
}: Omit<ComponentProps<"input">, "type" | "className"> & { id: string; choose: ReactNode; chosen?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <input {...input} id={id} type="file" className="peer sr-only" />
      <label
        htmlFor={id}
        className={`${buttonClass("secondary")} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
      >
        {choose}
      </label>
      {chosen ? <span className="min-w-0 text-sm break-words text-muted">{chosen}</span> : null}
    </div>
  );
}
