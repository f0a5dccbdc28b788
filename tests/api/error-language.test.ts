import { describe, expect, it } from "vitest";
import { baseUrl } from "./client";

// Error codes stay English; the message follows the request's language:
// the labs_locale cookie, else Accept-Language, else Portuguese.

type Envelope = { ok: false; error: { code: string; message: string; issues?: { path: string; message: string }[] } };

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  return { status: response.status, data: (await response.json()) as Envelope };
}

describe("error messages", () => {
  it("are Portuguese when the request names no language", async () => {
    const { status, data } = await post("/api/core-ask/log", "{not json");
    expect(status).toBe(400);
    expect(data.error).toEqual({ code: "bad_json", message: "O corpo do pedido não é JSON válido." });
  });

  it("are English for a client that asks for English", async () => {
    const { data } = await post("/api/core-ask/log", "{not json", { "accept-language": "en-GB,en;q=0.9" });
    expect(data.error).toEqual({ code: "bad_json", message: "The body is not valid JSON." });
  });

  it("follow the switcher's cookie over the browser's language", async () => {
    const { data } = await post("/api/core-ask/log", "{not json", {
      "accept-language": "pt-PT",
      cookie: "labs_locale=en",
    });
    expect(data.error.message).toBe("The body is not valid JSON.");
  });

  it("name each field in the request's language, zod's words and the schema's own", async () => {
    const body = JSON.stringify({ text: "Olá", priority: "alta" });
    const english = await post("/api/core-ask/log", body, { "accept-language": "en" });
    const portuguese = await post("/api/core-ask/log", body, { "accept-language": "pt-PT" });
    expect(english.status).toBe(400);
    expect(portuguese.data.error.code).toBe("validation_failed");
    const issue = (envelope: Envelope, path: string) => envelope.error.issues?.find((item) => item.path === path);
    expect(issue(english.data, "priority")?.message).toBe("must be a whole number");
    expect(issue(portuguese.data, "priority")?.message).toBe("tem de ser um número inteiro");
    expect(portuguese.data.error.message).toBe("priority: tem de ser um número inteiro");
    // Paths stay as the API names them, in every language.
    expect(portuguese.data.error.issues?.map((item) => item.path)).toEqual(
      english.data.error.issues?.map((item) => item.path),
    );
  });

  it("are Portuguese from the proxy too", async () => {
    const response = await fetch(`${baseUrl}/base-scan/api/products/%E0%A4%A`);
    const data = (await response.json()) as Envelope;
    expect(response.status).toBe(400);
    expect(data.error.message).toBe("O endereço tem um código de percentagem que não é UTF-8 válido.");
    expect(data.error.issues).toEqual([{ path: "path", message: "não é UTF-8 válido depois de descodificado" }]);
  });
});
