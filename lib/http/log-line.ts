import { inspect } from "node:util";

/**
 * `error` as one line of the log: its stack (with any cause) as Node prints
 * it, its lines joined by " ⏎ ", so a request that fails writes one line and
 * a service manager's journal keeps it as one entry (docs/running-unattended.md, "Logs").
 */
export function errorLine(error: unknown): string {
  const text = typeof error === "string" ? error : inspect(error, { depth: 3, breakLength: Infinity });
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join(" ⏎ ");
}
