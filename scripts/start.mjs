// npm start: build if this tree has no production build yet, then serve on
// PORT (default 3000). The server applies pending migrations as it starts
// (instrumentation.ts). When no operator password or session secret is
// configured, generated ones in DATA_DIR/operator-secrets.json are used and
// their location printed; set both in the environment for a real deployment.
// Plain JavaScript under plain Node: a TypeScript loader cost a quarter of a
// second of every start (docs/architecture.md, "Database").
import { spawn } from "node:child_process";
import path from "node:path";
import { loadOrCreateLocalSecrets } from "../lib/auth/local-secrets.mjs";
import { buildIfNeeded } from "./build-if-needed.mjs";

await buildIfNeeded();

const environment = { ...process.env };
const hasPassword = environment.OPERATOR_PASSWORD || environment.OPERATOR_PASSWORD_HASH;
if (!hasPassword || !environment.SESSION_SECRET) {
  const local = loadOrCreateLocalSecrets(path.resolve(environment.DATA_DIR ?? "./data"));
  environment.SESSION_SECRET ||= local.sessionSecret;
  if (!hasPassword) environment.OPERATOR_PASSWORD = local.password;
  console.log(`labs: operator password is in ${local.file} (set OPERATOR_PASSWORD to choose your own)`);
}

const port = environment.PORT ?? "3000";
// The server as `next start` runs it, with the JSON APIs answered in front of
// Next's router (scripts/server.mjs).
const server = spawn(process.execPath, [path.resolve("scripts/server.mjs"), "--port", port], {
  stdio: "inherit",
  env: environment,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
