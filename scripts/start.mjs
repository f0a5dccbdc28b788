// npm start: build if this tree has no production build yet, then serve on
// PORT (default 3000), in this process: the server (server/main.ts, built
// into .next/labs-server.mjs) applies pending migrations before its port
// opens. When no operator password or session secret is configured,
// generated ones in DATA_DIR/operator-secrets.json are used and their
// location printed; set both in the environment for a real deployment.
// Plain JavaScript under plain Node: a TypeScript loader cost a quarter of a
// second of every start.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadOrCreateLocalSecrets } from "../lib/auth/local-secrets.mjs";
import { keepCompiledCode } from "../lib/compile-cache.mjs";
import { buildIfNeeded } from "./build-if-needed.mjs";

// Node.js 20 reached its end of life in April 2026; package.json's "engines" names the lines Labs is tested on.
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.warn(`labs: Node.js ${process.version} is past its end of life; Labs supports Node.js 22 and 24.`);
}

await buildIfNeeded();
// Before the server is loaded, so its own modules are kept compiled too.
keepCompiledCode();

const environment = process.env;
const hasPassword = environment.OPERATOR_PASSWORD || environment.OPERATOR_PASSWORD_HASH;
if (!hasPassword || !environment.SESSION_SECRET) {
  const local = loadOrCreateLocalSecrets(path.resolve(environment.DATA_DIR ?? "./data"));
  environment.SESSION_SECRET ||= local.sessionSecret;
  if (!hasPassword) environment.OPERATOR_PASSWORD = local.password;
  console.log(`labs: operator password is in ${local.file} (set OPERATOR_PASSWORD to choose your own)`);
}

const server = path.resolve(process.env.NEXT_DIST_DIR || ".next", "labs-server.mjs");
process.argv = [process.argv[0], server, "--port", environment.PORT ?? "3000"];
await import(pathToFileURL(server).href);
