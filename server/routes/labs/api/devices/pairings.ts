// POST /labs/api/devices/pairings – a one-time pairing link for a phone (10 minutes)
import { createPairing } from "@/lib/auth/devices";
import { route } from "@/lib/http/route";
import { pairingUrl } from "@/lib/platform/pairing-url";
import { createPairingBody, createPairingResponse } from "@/lib/platform/schemas";

export const POST = route(
  {
    auth: "operator",
    summary: "Make a one-time pairing link (shown as a QR code) for a family member's phone",
    body: createPairingBody,
    status: 201,
    response: createPairingResponse,
  },
  async ({ request, body }) => {
    const { code, expiresAt } = await createPairing({ name: body.name });
    return { name: body.name, url: pairingUrl(request, code), expires_at: expiresAt.toISOString() };
  },
);
