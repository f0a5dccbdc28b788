// Long texts cut for a list or a prompt; the full text stays on the todo.

/** `text` as is when it fits in `max` characters, else its start and "…" in `max`. */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  // Never split a surrogate pair: half an emoji is not a character.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
