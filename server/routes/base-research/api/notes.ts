// GET /base-research/api/notes – newest notes, optionally of one session
import { route } from "@/lib/http/route";
import { camelize } from "@/lib/http/wire";
import { browserGuarded } from "@/lib/research/browser-guard";
import { listNotes } from "@/lib/research/notes";
import { listNotesQuery, listNotesResponse } from "@/lib/research/schemas";

export const GET = browserGuarded(
  route(
    {
      auth: "public",
      scope: "research",
      summary: "Newest notes first (limit 1–200, default 30), optionally of one session",
      query: listNotesQuery,
      response: listNotesResponse,
    },
    async ({ query }) => ({ notes: await listNotes({ query: camelize(query) }) }),
  ),
);
