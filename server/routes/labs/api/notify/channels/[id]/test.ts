// POST /labs/api/notify/channels/[id]/test – send "notifications work" now
import { route } from "@/lib/http/route";
import { testChannel } from "@/lib/notify/manage-channels";
import { channelParams, testChannelResponse } from "@/lib/notify/schemas";

export const POST = route(
  {
    auth: "public",
    summary: "Send a test message now, past quiet hours and the batch window, and say how it went",
    params: channelParams,
    response: testChannelResponse,
  },
  async ({ params }) => testChannel(params.id),
);
