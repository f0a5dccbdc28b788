import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, errorText } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/locales";
import { buildDraftPrompt, draftSystemPrompt, PROMPT_LIMITS, templateDraft } from "@/lib/ask/draft-prompt";
import { getTodoDetailOrThrow, getTodoRowOrThrow } from "@/lib/ask/get-todo";
import type { TodoJson } from "@/lib/ask/schemas";
import { toTodoJson } from "@/lib/ask/shapes";

// draft-response (docs/contract.md, "Ask decisions"): an OpenAI-compatible chat-completions endpoint
// when LLM_BASE_URL and LLM_MODEL are set (OpenAI, Ollama, llama.cpp, vLLM),
// else the built-in template. The model is asked before anything is written,
// so a failure (502) or a timeout (504) leaves the todo as it was.

export type DraftResult = { draft: string; drafter: "llm" | "template"; model: string | null; todo: TodoJson };

export async function draftTodoResponse({
  id,
  locale = "pt-PT",
  now = new Date(),
}: {
  id: number;
  /** The language the reply is drafted in: the drafter's, else the household's. */
  locale?: Locale;
  now?: Date;
}): Promise<DraftResult> {
  // Only the follow-ups the prompt can hold are read (PROMPT_LIMITS).
  const detail = await getTodoDetailOrThrow({ id, now, followUpsLimit: PROMPT_LIMITS.followUps });
  const { LLM_BASE_URL, LLM_MODEL } = env();
  const useModel = Boolean(LLM_BASE_URL && LLM_MODEL);
  const draft = useModel ? await askModel(buildDraftPrompt(detail), locale) : templateDraft(detail, locale);
  await db().todo.update({ where: { id }, data: { draftResponse: draft } });
  return {
    draft,
    drafter: useModel ? "llm" : "template",
    model: useModel ? (LLM_MODEL ?? null) : null,
    todo: toTodoJson(await getTodoRowOrThrow({ id }), now),
  };
}

async function askModel(prompt: string, locale: Locale): Promise<string> {
  const { LLM_BASE_URL, LLM_MODEL, LLM_API_KEY, LLM_TIMEOUT_MS } = env();
  // Loaded on the first draft a model writes, not at every start (a tenth of a second).
  const { default: OpenAI } = await import("openai");
  const client = new OpenAI({
    baseURL: LLM_BASE_URL,
    // Local servers (Ollama, llama.cpp) take any key; the client insists on one.
    apiKey: LLM_API_KEY || "no-key",
    timeout: LLM_TIMEOUT_MS,
    maxRetries: 0,
  });
  let content: string | null | undefined;
  try {
    const completion = await client.chat.completions.create({
      model: LLM_MODEL!,
      messages: [
        { role: "system", content: draftSystemPrompt(locale) },
        { role: "user", content: prompt },
      ],
      temperature: 0.3,
    });
    content = completion.choices?.[0]?.message?.content;
  } catch (error) {
    if (error instanceof OpenAI.APIConnectionTimeoutError) {
      throw new AppError(
        "upstream_timeout",
        errorText("ask.modelTimeout", { seconds: Math.round(LLM_TIMEOUT_MS / 1000) }),
        { cause: error },
      );
    }
    const status = error instanceof OpenAI.APIError && error.status ? error.status : undefined;
    throw new AppError(
      "upstream_failed",
      status ? errorText("ask.modelFailedStatus", { status }) : errorText("ask.modelFailed"),
      {
        cause: error,
      },
    );
  }
  const draft = content?.trim();
  if (!draft) throw new AppError("upstream_failed", errorText("ask.noDraft"));
  return draft;
}
