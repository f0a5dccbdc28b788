// GET /labs/api/push/public-key – the VAPID public key a phone subscribes with
import { route } from "@/lib/http/route";
import { publicKeyResponse } from "@/lib/notify/schemas";
import { vapidKeys } from "@/lib/notify/vapid-keys";

export const GET = route(
  {
    auth: "public",
    summary: "The VAPID public key: pass it to PushManager.subscribe as applicationServerKey",
    response: publicKeyResponse,
  },
  () => ({ key: vapidKeys().publicKey }),
);
