// node scripts/complete-lockfile.mjs — run after `npm install` changes dependencies.
//
// The registry these machines reach does not carry every platform build of
// packages such as @next/swc or @tailwindcss/oxide (darwin, win32, …). npm
// install then leaves those optional packages out of package-lock.json, and
// `npm ci` refuses the lock as out of sync. This adds each missing optional
// package with the os/cpu its name declares, so npm ci skips it on Linux just
// as it would with a complete lock.
import { readFileSync, writeFileSync } from "node:fs";

const PLATFORM =
  /-(android|darwin|freebsd|linux|win32|openbsd|openharmony|sunos|aix|wasm32)(?:-(arm64|x64|arm|ia32|loong64|ppc64|riscv64|s390x|wasi))?/;

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;
const added = [];
for (const [key, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const path = `node_modules/${name}`;
    if (packages[path] || packages[`${key}/${path}`]) continue;
    const match = PLATFORM.exec(name);
    const entry = { version, optional: true, ...(meta.dev ? { dev: true } : {}) };
    if (match?.[1] === "wasm32") entry.cpu = ["wasm32"];
    else if (match) {
      entry.os = [match[1]];
      if (match[2]) entry.cpu = [match[2]];
    } else entry.os = ["none"];
    packages[path] = entry;
    added.push(path);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.length} platform packages:\n  ${added.join("\n  ")}` : "lock file complete");
