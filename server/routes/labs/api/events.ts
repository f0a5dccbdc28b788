// GET /labs/api/events – what happened, oldest first, after an event id
import { listEvents } from "@/lib/events/list-events";
import { listEventsQuery, listEventsResponse } from "@/lib/events/schemas";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "operator",
    scope: "events",
    summary: "Events after an id (`after`), oldest first, of the given types; `next` is where to read on",
    query: listEventsQuery,
    response: listEventsResponse,
  },
  async ({ query }) => listEvents(query),
);
