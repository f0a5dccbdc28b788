import "server-only";
import { cache } from "react";
import { listApiKeys } from "@/lib/auth/api-keys";

// What more than one of the admin page's cards loads, read once per request:
// React's cache() keeps a server render's result for the rest of that render.

/** The API keys, for the keys card and the usage card's key filter. */
export const adminApiKeys = cache(listApiKeys);
