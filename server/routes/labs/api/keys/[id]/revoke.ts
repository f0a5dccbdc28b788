// POST /labs/api/keys/[id]/revoke – revoke a key; it answers 401 from then on
import { revokeApiKey } from "@/lib/auth/api-keys";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { revokeApiKeyResponse } from "@/lib/labs/schemas";

export const POST = route(
  { auth: "operator", summary: "Revoke an API key", params: idParams, response: revokeApiKeyResponse },
  async ({ params }) => ({ key: await revokeApiKey({ id: params.id }) }),
);
