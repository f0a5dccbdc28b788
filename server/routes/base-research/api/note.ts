// POST /base-research/api/note – add a note for the agent
import { route } from "@/lib/http/route";
import { camelize } from "@/lib/http/wire";
import { browserGuarded } from "@/lib/research/browser-guard";
import { createNote } from "@/lib/research/notes";
import { createNoteBody, createNoteResponse } from "@/lib/research/schemas";

export const POST = browserGuarded(
  route(
    {
      auth: "public",
      scope: "research",
      summary: "Add a note for the agent",
      body: createNoteBody,
      response: createNoteResponse,
    },
    async ({ body, origin }) => {
      const note = await createNote({ input: camelize(body), origin });
      return Response.json({ ok: true, id: note.id, created_at: note.created_at }, { status: 201 });
    },
  ),
);
