// GET /labs/api/devices – the household's paired devices, with their last use
import { listDevices } from "@/lib/auth/devices";
import { route } from "@/lib/http/route";
import { listDevicesResponse } from "@/lib/platform/schemas";

export const GET = route(
  { auth: "operator", summary: "Paired devices (household mode), newest first", response: listDevicesResponse },
  async () => ({ devices: await listDevices() }),
);
