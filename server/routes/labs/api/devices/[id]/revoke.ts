// POST /labs/api/devices/[id]/revoke – shut a paired device out from now on
import { revokeDevice } from "@/lib/auth/devices";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { revokeDeviceResponse } from "@/lib/platform/schemas";

export const POST = route(
  { auth: "operator", summary: "Revoke a paired device", params: idParams, response: revokeDeviceResponse },
  async ({ params }) => ({ device: await revokeDevice({ id: params.id }) }),
);
