import { api } from "@/lib/http/client-api";
import { useLiveData } from "@/lib/http/use-live-data";
import type { CreateNoteBody, CreateNoteResponse, Note, StateSnapshot } from "@/lib/research/schemas";

export const STATE_URL = "/base-research/api/state";
export const NOTE_URL = "/base-research/api/note";

/**
 * What changes the snapshot enough to show at once: a drop, a note. A plain
 * observation raises no event; the 30 s refresh brings it.
 */
const RESEARCH_EVENTS = ["price.dropped", "note.created"] as const;

/** The research dashboard's live snapshot (on its events, and every 30 s while the tab is visible). */
export function useResearchState(initial: StateSnapshot) {
  return useLiveData(STATE_URL, initial, RESEARCH_EVENTS);
}

type Mutate = ReturnType<typeof useResearchState>["mutate"];

function withNote(snapshot: StateSnapshot, note: Note): StateSnapshot {
  return {
    ...snapshot,
    counts: { ...snapshot.counts, notes: snapshot.counts.notes + 1 },
    notes: [note, ...snapshot.notes.filter((n) => n.id !== note.id)].slice(0, 30),
  };
}

/**
 * Posts a note; it shows in the list at once (a stand-in with a negative id),
 * is swapped for the saved one when the server answers, and the snapshot is
 * refreshed after. On failure the list goes back and the error is thrown.
 */
export async function addNote({
  mutate,
  shown,
  input,
  post = (body) => api<CreateNoteResponse>(NOTE_URL, { method: "POST", json: body }),
}: {
  mutate: Mutate;
  /** The snapshot on screen: SWR's cache is still empty while it shows the server's first one. */
  shown: StateSnapshot;
  input: CreateNoteBody;
  /** Sends the note (a form's own sender, which puts the server's refusal on its fields); throws when not saved. */
  post?: (body: CreateNoteBody) => Promise<CreateNoteResponse>;
}): Promise<void> {
  const draft: Note = {
    id: -Date.now(),
    content: input.content,
    session_slug: input.session_slug ?? null,
    // The page posts with the operator's cookie; the saved note replaces this draft.
    origin: "operator",
    created_at: new Date().toISOString(),
  };
  await mutate(
    async (current) => {
      const created = await post(input);
      return withNote(current ?? shown, { ...draft, id: created.id, created_at: created.created_at });
    },
    {
      optimisticData: (current) => withNote(current ?? shown, draft),
      rollbackOnError: true,
      revalidate: true,
    },
  );
}
