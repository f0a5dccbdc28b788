// GET /base-research/api/notes – newest notes, optionally of one session
import { route } from "@/lib/http/route";
import { listNotes } from "@/lib/research/notes";
import { listNotesQuery } from "@/lib/research/schemas";

export const GET = route({ auth: "public", query: listNotesQuery }, async ({ query }) => ({
  ok: true,
  notes: await listNotes({ query }),
}));
