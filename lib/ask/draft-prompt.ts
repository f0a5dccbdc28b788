import type { TodoDetailJson, TodoJson } from "@/lib/ask/schemas";

// What the language model is told about a todo: the request itself, where it
// was captured (page URL and context), the todo it follows up, its follow-ups
// and any decision already made. The answer is a reply the operator edits.

export const DRAFT_SYSTEM_PROMPT = [
  "You draft replies for the operator of Labs, a small self-hosted household app",
  "(loyalty-card wallet and barcode scanner, a request queue, a price tracker).",
  "A family member or an agent captured the request below. Write the reply the operator",
  "would send: plain text, friendly, at most about 120 words, saying what will happen next.",
  "If the request is a bug, acknowledge it and say what you would check. Never invent facts",
  "you were not given; if something is unclear, ask one short question.",
].join(" ");

function describeTodo(todo: TodoJson): string[] {
  return [
    `Todo #${todo.id} (priority ${todo.priority}, source ${todo.source ?? "unknown"}, status ${todo.status}, captured ${todo.created_at}):`,
    todo.text,
  ];
}

export function buildDraftPrompt(todo: TodoDetailJson): string {
  const lines = describeTodo(todo);
  if (todo.page_url) lines.push("", `Captured on page: ${todo.page_url}`);
  if (todo.page_context) lines.push(`Page context: ${JSON.stringify(todo.page_context)}`);
  if (todo.attachments.length) {
    lines.push(`Attachments: ${todo.attachments.map((a) => `${a.filename} (${a.content_type})`).join(", ")}`);
  }
  if (todo.parent) lines.push("", "It follows up this earlier todo:", ...describeTodo(todo.parent));
  if (todo.follow_ups.length) {
    lines.push("", `Follow-ups (${todo.follow_ups.length}), oldest first:`);
    for (const followUp of todo.follow_ups) lines.push(`- ${followUp.created_at}: ${followUp.text}`);
  }
  if (todo.decision) lines.push("", `The operator decided: ${todo.decision}`);
  if (todo.response) lines.push("", `Current reply (improve it): ${todo.response}`);
  return lines.join("\n");
}

/** The built-in drafter when no language model is configured: a plain, editable reply. */
export function templateDraft(todo: TodoDetailJson): string {
  const page = todo.page_url ? pagePath(todo.page_url) : null;
  const opening =
    todo.source === "bug"
      ? `Thanks for reporting this${page ? ` on ${page}` : ""}. I can see the problem you describe and will look into it.`
      : `Thanks for your request${page ? ` from ${page}` : ""}. I have read it and it is in the queue.`;
  const lines = [opening, "", `You wrote: "${excerpt(todo.text)}"`];
  if (todo.follow_ups.length) {
    lines.push(
      "",
      `I have also seen your ${todo.follow_ups.length} follow-up${todo.follow_ups.length > 1 ? "s" : ""}.`,
    );
  }
  if (todo.decision) lines.push("", `Decision: ${todo.decision}`);
  lines.push(
    "",
    todo.priority >= 3
      ? "This is marked urgent, so I will get back to you today."
      : "I will get back to you when it is done.",
  );
  return lines.join("\n");
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 197)}…` : flat;
}

function pagePath(pageUrl: string): string {
  try {
    return new URL(pageUrl, "http://local").pathname;
  } catch {
    return pageUrl;
  }
}
