// GET /labs/pair?code=… – the page a phone opens from the operator's pairing
// QR code (or, without a code, what a stranger sees in household mode);
// POST /labs/pair – use the code: the phone gets its `labs_member` cookie
import { pairDevice, pairingGone, peekPairing } from "@/lib/auth/devices";
import { memberCookieHeader, sealMember } from "@/lib/auth/member-seal";
import { isHttps } from "@/lib/http/client-address";
import { errorResponse, type AppError } from "@/lib/http/errors";
import { handMadePageOf, handMadeResponse } from "@/lib/http/hand-made-page";
import { readFormOrJson, sentJson } from "@/lib/http/read-body";
import { htmlRoute, parseInput } from "@/lib/http/route";
import { pairPageHtml } from "@/lib/platform/pair-page";
import { pairBody, pairPageQuery } from "@/lib/platform/schemas";

export const GET = htmlRoute({ auth: "anyone" }, async (request) => {
  const { code } = parseInput(pairPageQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  const page = handMadePageOf(request);
  if (!code) return handMadeResponse(pairPageHtml(page), 200);
  const name = await peekPairing({ code });
  if (!name) return handMadeResponse(pairPageHtml({ ...page, error: pairingGone() }), pairingGone().status);
  return handMadeResponse(pairPageHtml({ ...page, code, name }), 200);
});

export const POST = htmlRoute(
  { auth: "anyone" },
  async (request) => {
    const { code } = parseInput(pairBody, await readFormOrJson(request), "body");
    const device = await pairDevice({ code });
    const headers = new Headers({ location: "/base-scan/" });
    headers.append("set-cookie", memberCookieHeader(await sealMember(device.id), isHttps(request)));
    return new Response(null, { status: 303, headers });
  },
  (error: AppError, request) =>
    sentJson(request)
      ? errorResponse(error, request)
      : handMadeResponse(pairPageHtml({ ...handMadePageOf(request), error }), error.status),
);
