// POST /labs/api/push/subscriptions – send these event types to this phone
import { route } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { subscribePush } from "@/lib/notify/manage-channels";
import { createChannelResponse, createPushSubscriptionBody } from "@/lib/notify/schemas";

export const POST = route(
  {
    auth: "public",
    summary: "Subscribe a phone's push subscription to event types; the same endpoint again updates it",
    body: createPushSubscriptionBody,
    status: 201,
    response: createChannelResponse,
  },
  async ({ body, origin, request }) => ({
    id: await subscribePush(body, { origin, locale: requestLocale(request), baseUrl: new URL(request.url).origin }),
  }),
);
