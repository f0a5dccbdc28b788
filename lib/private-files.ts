import { chmodSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

// The database files and DATA_DIR hold loyalty-card numbers, invoices with
// tax numbers and the operator's secrets: readable by the server's own user
// only. The umask covers every file PGlite and we create from then on; the
// walk mends files an older version left open.

/** From now on, files this process creates are private to its user (0600/0700). */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/** Creates `directory` if needed and makes it and everything in it private. */
export function makePrivateDirectory(directory: string): void {
  keepNewFilesPrivate();
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(file, 0o700);
    else if (entry.isFile()) chmodSync(file, 0o600);
  }
}
