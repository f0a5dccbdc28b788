// POST /api/core-ask/[id]/draft-response – draft a reply (language model or template) and store it
import { draftTodoResponse } from "@/lib/ask/draft-response";
import { draftResponseResponse } from "@/lib/ask/schemas";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";

export const POST = route(
  {
    auth: "operator",
    scope: "ask",
    summary:
      "Draft a reply with the configured language model (or the built-in template) and store it, in the language of the request (labs_locale cookie, else Accept-Language, else pt-PT)",
    params: idParams,
    response: draftResponseResponse,
  },
  async ({ params, request }) => draftTodoResponse({ id: params.id, locale: requestLocale(request) }),
);
