import { describe, expect, it } from "vitest";
import { api, baseUrl, operatorCookie } from "./client";

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

  it("name the missing record with its id", async () => {
    const cookie = await operatorCookie();
    const english = await api<Envelope>("/api/core-ask/987654321", { cookie });
    const portuguese = await api<Envelope>("/api/core-ask/987654321", {
      cookie,
      headers: { "accept-language": "pt-PT" },
    });
    expect(english.status).toBe(404);
    expect(english.data.error).toEqual({ code: "not_found", message: "There is no todo with id 987654321." });
    expect(portuguese.data.error).toEqual({
      code: "not_found",
      message: "Não existe nenhum pedido com o id 987654321.",
    });
  });

  it("say who holds a claimed todo, and until when", async () => {
    const cookie = await operatorCookie();
    const logged = await api<{ id: number }>("/api/core-ask/log", {
      method: "POST",
      json: { text: "Trocar a lâmpada" },
    });
    const id = logged.data.id;
    const claim = (agent: string, language: string) =>
      api<Envelope & { lock_expires_at: string }>(`/api/core-ask/${id}/claim`, {
        method: "POST",
        cookie,
        json: { agent, ttl_seconds: 600 },
        headers: { "accept-language": language },
      });
    const won = await claim("agent-a", "en");
    expect(won.status).toBe(200);
    const until = won.data.lock_expires_at;
    const english = await claim("agent-b", "en");
    const portuguese = await claim("agent-b", "pt-PT,pt;q=0.9");
    expect(english.status).toBe(409);
    expect(english.data.error).toEqual({
      code: "conflict",
      message: `Todo ${id} is claimed by agent-a until ${until}.`,
    });
    expect(portuguese.data.error).toEqual({
      code: "conflict",
      message: `O pedido ${id} está reservado por agent-a até ${until}.`,
    });
  });

  it("refuse a wallet import without a file in the request's language", async () => {
    const send = (language: string) => {
      const form = new FormData();
      form.set("person", "Ana");
      return api<Envelope>("/base-scan/api/import", {
        method: "POST",
        body: form,
        headers: { "accept-language": language },
      });
    };
    const english = await send("en");
    const portuguese = await send("pt-PT");
    expect(english.status).toBe(400);
    expect(english.data.error).toEqual({
      code: "validation_failed",
      message: "Choose a file to import.",
      issues: [{ path: "file", message: "send the wallet file in the field file" }],
    });
    expect(portuguese.data.error).toEqual({
      code: "validation_failed",
      message: "Escolha um ficheiro para importar.",
      issues: [{ path: "file", message: "envie o ficheiro da carteira no campo file" }],
    });
  });

  it("write a scan's price refusal in Portuguese, the parser's words too", async () => {
    const json = { code: "5601234567890", store_name: "Pingo Doce", price: "12,345" };
    const english = await api<Envelope>("/base-scan/api/prices", { method: "POST", json });
    const portuguese = await api<Envelope>("/base-scan/api/prices", {
      method: "POST",
      json,
      headers: { "accept-language": "pt-PT" },
    });
    expect(english.status).toBe(400);
    expect(english.data.error.issues).toEqual([
      {
        path: "price",
        message:
          '"12,345" is ambiguous (thousands or decimals?); write 12345 or 12,345.00 if you mean thousands, or use at most 2 decimals',
      },
    ]);
    expect(portuguese.data.error).toEqual({
      code: "validation_failed",
      message:
        'price: "12,345" é ambíguo (milhares ou decimais?); escreva 12345 ou 12,345.00 se quer dizer milhares, ou use no máximo 2 casas decimais',
      issues: [
        {
          path: "price",
          message:
            '"12,345" é ambíguo (milhares ou decimais?); escreva 12345 ou 12,345.00 se quer dizer milhares, ou use no máximo 2 casas decimais',
        },
      ],
    });
  });
});
