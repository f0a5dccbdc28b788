// `npm test`: the whole check of the project, as CI runs it.
//
// 1. ESLint, Prettier and the TypeScript check, beside the production build
//    the suites share (scripts/build-if-needed.mjs builds only when sources changed).
// 2. The Vitest projects (PGlite's and PostgreSQL's side by side), then the
//    Playwright suites. With TEST_DATABASE_URL every database, API and
//    browser suite runs on PGlite and on PostgreSQL.
//
// Each tool's lines are prefixed with its name; the exit code is the first failure's.
import { spawn } from "node:child_process";
import { buildIfNeeded } from "./build-if-needed.mjs";

type Step = { name: string; command: string; args: string[] };

function run({ name, command, args }: Step): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: "0" } });
    const prefix = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on("end", () => {
        if (rest) out.write(`[${name}] ${rest}\n`);
      });
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on("close", (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`[${name}] ${code === 0 ? "passed" : `failed (exit ${code})`} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

async function all(steps: Step[]): Promise<number> {
  const codes = await Promise.all(steps.map(run));
  return codes.find((code) => code !== 0) ?? 0;
}

const checks = await all([
  { name: "eslint", command: "npx", args: ["eslint", "--max-warnings=0", "."] },
  { name: "prettier", command: "npx", args: ["prettier", "--check", "."] },
  { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] },
]);
if (checks !== 0) process.exit(checks);

await buildIfNeeded();

// The Vitest projects first, then the Playwright suites: side by side on a
// two-core machine they starved each other, and tests that open a database
// or a browser ran past their timeouts. Vitest runs the API projects' files
// one at a time (one server each), so the PostgreSQL projects get a Vitest
// of their own beside the PGlite ones.
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const vitest = await all([
  {
    name: "vitest",
    command: "npx",
    args: ["vitest", "run", "--project", "unit", "--project", "db", "--project", "api"],
  },
  ...(postgres
    ? [
        {
          name: "vitest:postgres",
          command: "npx",
          args: ["vitest", "run", "--project", "db:postgres", "--project", "api:postgres"],
        },
      ]
    : []),
]);
const playwright = await run({ name: "playwright", command: "npx", args: ["playwright", "test"] });
process.exit(vitest || playwright);
