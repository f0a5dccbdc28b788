// Plain JavaScript: `npm start` runs under plain Node, before any TypeScript
// loader (docs/architecture.md, "Database"); types in private-files.d.mts.
import { chmodSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

// The database files and DATA_DIR hold loyalty-card numbers, invoices with
// tax numbers and the operator's secrets: readable by the server's own user
// only. The umask covers every file PGlite and we create from then on; the
// walk mends files made before it (an older version, PGlite's unpacking).

/**
 * Creates `directory` if needed and makes it, and everything already in it, private (0700/0600).
 * @param {string} directory
 */
export function makePrivateDirectory(directory) {
  process.umask(0o077);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(file, 0o700);
    else if (entry.isFile()) chmodSync(file, 0o600);
  }
}
