// DELETE /labs/api/push/subscriptions/[id] – stop pushing to a phone
import { route } from "@/lib/http/route";
import { deleteChannel } from "@/lib/notify/manage-channels";
import { channelParams, deleteChannelResponse } from "@/lib/notify/schemas";

export const DELETE = route(
  {
    auth: "public",
    summary: "Unsubscribe a phone: whoever holds the subscription's id, or the operator",
    params: channelParams,
    response: deleteChannelResponse,
  },
  async ({ params }) => {
    await deleteChannel(params.id, "push");
    return { id: params.id };
  },
);
