// DELETE /labs/api/watches/[id] – stop watching a price
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { deleteWatch } from "@/lib/watches/manage-watches";
import { deleteWatchResponse } from "@/lib/watches/schemas";

export const DELETE = route(
  { auth: "public", summary: "Delete a watch", params: idParams, response: deleteWatchResponse },
  async ({ params }) => {
    await deleteWatch(params.id);
    return { id: params.id };
  },
);
