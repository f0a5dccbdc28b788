// GET /labs/api/events/stream – the events as Server-Sent Events, resumable with Last-Event-ID
import { listEventsQuery } from "@/lib/events/schemas";
import { eventStream, streamStart } from "@/lib/events/stream-events";
import { route } from "@/lib/http/route";

// Without `after` a stream starts at the newest event (streamStart).
const streamQuery = listEventsQuery
  .omit({ limit: true })
  .extend({ after: listEventsQuery.shape.after.unwrap().optional() });

export const GET = route(
  {
    auth: "operator",
    scope: "events",
    summary:
      "The events as Server-Sent Events (text/event-stream): each with its id, type and the event as JSON; from `after`, else from now; a reconnecting client's Last-Event-ID resumes after it",
    query: streamQuery,
    eventStream: true,
  },
  async ({ query, request }) => {
    const after = await streamStart({ after: query.after, lastEventId: request.headers.get("last-event-id") });
    return new Response(eventStream({ after, types: query.types }), {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        // Tells a proxy such as nginx not to hold the stream back.
        "x-accel-buffering": "no",
      },
    });
  },
);
