// POST /labs/api/ntfy – send these event types to an ntfy topic
import { route } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { addNtfyTopic } from "@/lib/notify/manage-channels";
import { createChannelResponse, createNtfyBody } from "@/lib/notify/schemas";

export const POST = route(
  {
    auth: "public",
    summary: "Send event types to an ntfy topic, with Title, Tags, Priority and Click; the topic is never shown back",
    body: createNtfyBody,
    status: 201,
    response: createChannelResponse,
  },
  async ({ body, origin, request }) => ({
    id: await addNtfyTopic(body, { origin, locale: requestLocale(request), baseUrl: new URL(request.url).origin }),
  }),
);
