// GET /labs/api/keys – API keys without their secrets
// POST /labs/api/keys – mint a key; the secret is in this answer only
import { listApiKeys, mintApiKey } from "@/lib/auth/api-keys";
import { route } from "@/lib/http/route";
import { createApiKeyBody, createApiKeyResponse, listApiKeysResponse } from "@/lib/labs/schemas";

export const GET = route(
  { auth: "operator", summary: "List API keys with their last use (no secrets)", response: listApiKeysResponse },
  async () => ({ keys: await listApiKeys() }),
);

export const POST = route(
  {
    auth: "operator",
    summary: "Mint an API key; the key is shown in this answer only",
    body: createApiKeyBody,
    status: 201,
    response: createApiKeyResponse,
  },
  async ({ body }) => mintApiKey({ name: body.name, plan: body.plan, scopes: body.scopes }),
);
