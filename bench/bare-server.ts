// The floor the app is measured against (bench/overhead.ts): the same lib/
// functions and database as the app, behind node:http with nothing else: no
// Next, no proxy, no route wrapper, no auth. Started as its own process, like
// the app, on PORT; DATABASE_URL or an in-memory PGlite as the app's.
//
//   GET  /healthz  pingDatabase()                 (the health check's SELECT 1)
//   POST /scan     recordScan({ value, sessionId })
//   POST /insert   one scan row through Prisma, nothing else
//   POST /observe  recordObservation({ input })
//   POST /claim    claimTodo({ id, agent })
//   POST /log      logTodo({ input })          (seeding the queue)
import { createServer, type IncomingMessage } from "node:http";
import { claimTodo } from "@/lib/ask/claim-todo";
import { logTodo } from "@/lib/ask/log-todo";
import { logTodoBody } from "@/lib/ask/schemas";
import { getDatabase } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { pingDatabase } from "@/lib/platform/health";
import { recordObservation } from "@/lib/research/record-observation";
import { observeBody } from "@/lib/research/schemas";
import { recordScan } from "@/lib/scan/record-scan";
import { openScanSession } from "@/lib/scan/scan-session";
import { camelize } from "@/lib/http/wire";

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
}

const database = getDatabase();
await applyMigrations(database.migrationAdapter());
const insertSession = await openScanSession();

const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
  "GET /healthz": async () => ({ ok: await pingDatabase() }),
  "POST /scan": (body) => recordScan({ value: String(body.value), sessionId: (body.session_id as string) ?? null }),
  "POST /insert": (body) =>
    database.prisma.scan.create({
      data: { value: String(body.value), kind: "barcode", sessionId: insertSession },
      select: { id: true },
    }),
  "POST /observe": (body) => recordObservation({ input: camelize(observeBody.parse(body)), origin: { kind: "local" } }),
  "POST /claim": (body) => claimTodo({ id: Number(body.id), agent: String(body.agent) }),
  "POST /log": (body) => logTodo({ input: camelize(logTodoBody.parse(body)), origin: { kind: "local" } }),
};

const server = createServer(async (request, response) => {
  const route = routes[`${request.method} ${new URL(request.url ?? "/", "http://bare").pathname}`];
  if (!route) {
    response.writeHead(404).end();
    return;
  }
  try {
    const result = await route(await readJson(request));
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, result }));
  } catch (error) {
    const status = (error as { status?: number }).status ?? 500;
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ ok: false }));
  }
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log(`bare server on ${database.kind}`));
