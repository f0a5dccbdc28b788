// POST /base-research/api/note – add a note for the agent
import { route } from "@/lib/http/route";
import { createNote } from "@/lib/research/notes";
import { createNoteBody } from "@/lib/research/schemas";

export const POST = route({ auth: "public", body: createNoteBody }, async ({ body }) => {
  const note = await createNote({ input: body });
  return Response.json({ ok: true, id: note.id, created_at: note.created_at }, { status: 201 });
});
