// GET /base-scan/api/cards/[id]/photos/[side] – a card's picture; PUT – keep one (the body is the image); DELETE – drop it
import { route } from "@/lib/http/route";
import { cardPhotoResponse, deleteCardPhoto, putCardPhoto, readPhotoUpload } from "@/lib/scan/card-photos";
import { CARD_PHOTO_BYTES, CARD_PHOTO_TYPES, cardPhotoParams, cardResponse } from "@/lib/scan/schemas";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    summary: "A card's front, back or icon picture, as the image it is",
    params: cardPhotoParams,
    file: true,
  },
  ({ params }) => cardPhotoResponse(params),
);

export const PUT = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Keep a picture of a card's front, back or icon, in place of the one it had",
    params: cardPhotoParams,
    rawBody: true,
    upload: {
      types: [...CARD_PHOTO_TYPES],
      description: "the image itself as the body; what it is is read from its bytes",
      limit: `${CARD_PHOTO_BYTES / 1024 ** 2} MiB`,
    },
    response: cardResponse,
  },
  async ({ params, request, origin }) => ({
    card: await putCardPhoto({ ...params, photo: await readPhotoUpload(request), origin }),
  }),
);

export const DELETE = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Drop a card's front, back or icon picture",
    params: cardPhotoParams,
    response: cardResponse,
  },
  async ({ params }) => ({ card: await deleteCardPhoto(params) }),
);
