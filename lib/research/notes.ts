import "server-only";
import { db } from "@/lib/db";
import type { Camelized } from "@/lib/http/wire";
import { excerpt } from "@/lib/text/excerpt";
import { originLabel, type Origin } from "@/lib/auth/origin";
import { eventsCommitted, recordEvent, type NewEvent } from "@/lib/events/record-event";
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

/** The note and its note.created event, together. */
export async function createNote({
  input,
  origin,
}: {
  input: Camelized<CreateNoteBody>;
  origin: Origin;
}): Promise<NoteView> {
  const note = await db().$transaction(async (tx) => {
    const note = await tx.note.create({
      data: { content: input.content, sessionSlug: input.sessionSlug ?? null, origin: originLabel(origin) },
      select: noteSelect,
    });
    await recordEvent(tx, noteCreated(note));
    return note;
  });
  eventsCommitted();
  return toNoteView(note);
}

/** How much of a note an event carries. */
const NOTE_TEXT_MAX = 280;

function noteCreated(note: { id: number; content: string; sessionSlug: string | null; origin: string }): NewEvent {
  const url = note.sessionSlug ? `/base-research/sessions/${encodeURIComponent(note.sessionSlug)}` : "/base-research/";
  return {
    type: "note.created",
    subject: { kind: "note", id: note.id, url },
    data: { note_id: note.id, content: excerpt(note.content, NOTE_TEXT_MAX), session_slug: note.sessionSlug },
    origin: note.origin,
  };
}

/**
 * Newest first; `limit` is already bounded by listNotesQuery. `origin` picks
 * one writer's notes: the research prompt reads the operator's this way, so
 * strangers' notes, however many, never push them out of its reach.
 */
export async function listNotes({ query }: { query: Camelized<ListNotesQuery> }): Promise<NoteView[]> {
  const notes = await db().note.findMany({
    where: { sessionSlug: query.sessionSlug, origin: query.origin },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit,
    select: noteSelect,
  });
  return notes.map(toNoteView);
}
