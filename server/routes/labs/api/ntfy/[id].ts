// DELETE /labs/api/ntfy/[id] – stop sending to an ntfy topic
import { route } from "@/lib/http/route";
import { deleteChannel } from "@/lib/notify/manage-channels";
import { channelParams, deleteChannelResponse } from "@/lib/notify/schemas";

export const DELETE = route(
  {
    auth: "public",
    summary: "Stop sending to an ntfy topic: whoever holds its id, or the operator",
    params: channelParams,
    response: deleteChannelResponse,
  },
  async ({ params }) => {
    await deleteChannel(params.id, "ntfy");
    return { id: params.id };
  },
);
