// Values the tests make up. Every test file shares one database with the
// others running beside it: a name made unique keeps one file's stores,
// cards and items from meeting another's.
import { randomUUID } from "node:crypto";

/** `label` with a short random suffix: "Continente 3f9a1c2b". */
export function unique(label: string): string {
  return `${label} ${randomUUID().slice(0, 8)}`;
}
