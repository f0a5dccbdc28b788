import { db } from "@/lib/db";
import { originLabel, type Origin } from "@/lib/auth/origin";
import type { CreateNoteBody, ListNotesQuery } from "@/lib/research/schemas";

// Notes are the operator's requests to the agent, a permanent history (seed
// part 2 "Note"). session_slug is kept as given: a note may name a session the
// agent has not started yet. Each note records who wrote it: only the
// operator's are requests (docs/decisions/005-origins-and-anonymous-limits.md).

export type NoteView = {
  id: number;
  content: string;
  session_slug: string | null;
  origin: string;
  created_at: string;
};

const noteSelect = { id: true, content: true, sessionSlug: true, origin: true, createdAt: true } as const;

function toNoteView(note: {
  id: number;
  content: string;
  sessionSlug: string | null;
  origin: string;
  createdAt: Date;
}): NoteView {
  return {
    id: note.id,
    content: note.content,
    session_slug: note.sessionSlug,
    origin: note.origin,
    created_at: note.createdAt.toISOString(),
  };
}

export async function createNote({ input, origin }: { input: CreateNoteBody; origin: Origin }): Promise<NoteView> {
  const note = await db().note.create({
    data: { content: input.content, sessionSlug: input.session_slug ?? null, origin: originLabel(origin) },
    select: noteSelect,
  });
  return toNoteView(note);
}

/** Newest first; `limit` is already bounded by listNotesQuery. */
export async function listNotes({ query }: { query: ListNotesQuery }): Promise<NoteView[]> {
  const notes = await db().note.findMany({
    where: query.session_slug !== undefined ? { sessionSlug: query.session_slug } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit,
    select: noteSelect,
  });
  return notes.map(toNoteView);
}
