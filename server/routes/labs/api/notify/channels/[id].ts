// GET /labs/api/notify/channels/[id] – one channel: its types, what waits and until when
import { route } from "@/lib/http/route";
import { getChannel } from "@/lib/notify/manage-channels";
import { channelParams, channelResponse } from "@/lib/notify/schemas";

export const GET = route(
  {
    auth: "public",
    summary: "One push subscription or ntfy topic, for whoever holds its id",
    params: channelParams,
    response: channelResponse,
  },
  async ({ params }) => ({ channel: await getChannel(params.id) }),
);
