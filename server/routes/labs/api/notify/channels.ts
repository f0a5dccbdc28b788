// GET /labs/api/notify/channels – every phone and ntfy topic notified, for the operator
import { route } from "@/lib/http/route";
import { listChannels } from "@/lib/notify/manage-channels";
import { listChannelsResponse } from "@/lib/notify/schemas";

export const GET = route(
  {
    auth: "operator",
    summary: "Every push subscription and ntfy topic, oldest first, with what waits for each",
    response: listChannelsResponse,
  },
  async () => ({ channels: await listChannels() }),
);
