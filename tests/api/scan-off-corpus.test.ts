import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { OFF_ANSWERS, type OffSavedAnswer } from "@/tests/support/off-stand-in";
import { startServer, type RunningServer } from "@/tests/support/server";

// Real Open Food Facts answers (tests/fixtures/off/README.md: where each comes
// from), served by the stand-in for their codes, through
// GET /base-scan/api/products/<code>/enrich. Each must store what a person
// would want and never fail; a not-found answer is a 404 and is cached.
// A server of its own: these look-ups would spend most of the shared
// server's Open Food Facts budget (15 a minute) in one go.

const offBaseUrl = inject("offBaseUrl");
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ OFF_BASE_URL: offBaseUrl, OFF_TIMEOUT_MS: "1000" });
});

const passed = { count: 0 };
afterAll(async () => {
  console.log(`off: ${passed.count}/${OFF_ANSWERS.length} saved answers stored right`);
  await server?.stop();
});

type Product = { code: string; name: string; brand: string; quantity: string; image_url: string | null };
type Answer = { ok: boolean; product?: Product; error?: { code: string } };

async function enrich(answer: OffSavedAnswer) {
  const response = await fetch(`${server.url}/base-scan/api/products/${answer.code}/enrich`, {
    headers: answer.accept_language ? { "accept-language": answer.accept_language } : {},
  });
  return { status: response.status, data: (await response.json()) as Answer };
}

describe("saved Open Food Facts answers", () => {
  it.each(OFF_ANSWERS.map((answer) => [`${answer.code} (${answer.shape})`, answer] as const))(
    "%s",
    async (_name, answer) => {
      const { status, data } = await enrich(answer);
      if (!answer.expect.found) {
        expect(status).toBe(404);
        expect(data).toMatchObject({ ok: false, error: { code: "not_found" } });
      } else {
        expect(status).toBe(200);
        expect(data.product).toMatchObject({
          code: answer.code,
          ...answer.expect.product,
          source: "off",
          off_status: "found",
        });
      }
      passed.count += 1;
    },
  );
});
