import "server-only";
import { reserveAnonymousBytes } from "@/lib/auth/anonymous-text";
import type { Origin } from "@/lib/auth/origin";
import { sniffAttachmentType } from "@/lib/files/sniff-attachment";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import { readBodyBytes } from "@/lib/http/read-body";
import { getCard } from "@/lib/scan/cards";
import { CARD_PHOTO_BYTES, CARD_PHOTO_TYPES, type CardPhotoSide } from "@/lib/scan/schemas";

// A card's pictures (docs/decisions/028-card-photos.md). Whatever a caller
// says the bytes are, what is kept and served is what they are: a PNG, JPEG
// or WebP image, sniffed from its first bytes, at most CARD_PHOTO_BYTES. The
// bytes travel to and from the database as base64 text: PGlite decodes a
// binary column in JavaScript byte by byte, ten times slower.

export type CardPhotoType = (typeof CARD_PHOTO_TYPES)[number];

/** The type of a picture a card may keep, or null when the bytes are not one. */
export function cardPhotoType(bytes: Uint8Array): CardPhotoType | null {
  const type = sniffAttachmentType(bytes);
  return (CARD_PHOTO_TYPES as readonly (string | null)[]).includes(type) ? (type as CardPhotoType) : null;
}

/** The request's body as a card's picture, or the refusal (413, 415). */
export async function readPhotoUpload(request: Request): Promise<{ bytes: Uint8Array; type: CardPhotoType }> {
  const bytes = await readBodyBytes(request, CARD_PHOTO_BYTES).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "payload_too_large") {
      throw new AppError("payload_too_large", errorText("wallet.photoTooLarge", { mib: CARD_PHOTO_BYTES / 1024 ** 2 }));
    }
    throw error;
  });
  const type = cardPhotoType(bytes);
  if (type === null) {
    throw new AppError("unsupported_media_type", errorText("wallet.photoType"));
  }
  return { bytes, type };
}

export type PutCardPhotoOptions = {
  id: number;
  side: CardPhotoSide;
  photo: { bytes: Uint8Array; type: CardPhotoType };
  origin: Origin;
};

/** Keeps a picture of an active card, in place of the one it had on that side. */
export async function putCardPhoto({ id, side, photo, origin }: PutCardPhotoOptions) {
  // A card that is not there costs a stranger nothing.
  if ((await db().card.count({ where: { id, active: true } })) === 0) {
    throw new AppError("not_found", errorText("wallet.cardNotFound", { id }));
  }
  await reserveAnonymousBytes({ origin, bytes: photo.bytes.byteLength });
  // clock_timestamp(): a picture replaced within the same transaction's instant still gets a new address.
  const stored = await db().$queryRaw<{ id: number }[]>`
    INSERT INTO card_photo (card_id, side, content_type, size, data, updated_at)
    SELECT c.id, ${side}, ${photo.type}, ${photo.bytes.byteLength},
           decode(${Buffer.from(photo.bytes).toString("base64")}, 'base64'), clock_timestamp()
    FROM card c WHERE c.id = ${id} AND c.active
    ON CONFLICT (card_id, side) DO UPDATE
      SET content_type = EXCLUDED.content_type, size = EXCLUDED.size, data = EXCLUDED.data,
          updated_at = EXCLUDED.updated_at
    RETURNING id`;
  if (stored.length === 0) throw new AppError("not_found", errorText("wallet.cardNotFound", { id }));
  return (await getCard({ id })).card;
}

/** Drops one picture of an active card; dropping one it does not have is no error. */
export async function deleteCardPhoto({ id, side }: { id: number; side: CardPhotoSide }) {
  await db().$executeRaw`
    DELETE FROM card_photo p USING card c
    WHERE p.card_id = c.id AND c.id = ${id} AND c.active AND p.side = ${side}`;
  return (await getCard({ id })).card;
}

/** A picture's bytes, or null when the card (or it) is gone. */
export async function cardPhotoBytes({ id, side }: { id: number; side: CardPhotoSide }) {
  const [row] = await db().$queryRaw<{ content_type: string; data: string }[]>`
    SELECT p.content_type, encode(p.data, 'base64') AS data
    FROM card_photo p JOIN card c ON c.id = p.card_id
    WHERE c.id = ${id} AND c.active AND p.side = ${side}`;
  if (!row) return null;
  const bytes = Buffer.from(row.data, "base64");
  // Sniffed again as it goes out: a row restored from an altered backup is served as what it is, or not as a picture.
  return { type: cardPhotoType(bytes) ?? "application/octet-stream", bytes };
}

/**
 * A picture as its own answer: its sniffed type, never sniffed again by the
 * browser, and a sandbox that keeps even a crafted file from running on our
 * origin. Its address changes with it, so it may be kept a long time.
 */
export async function cardPhotoResponse({ id, side }: { id: number; side: CardPhotoSide }): Promise<Response> {
  const photo = await cardPhotoBytes({ id, side });
  if (!photo) throw new AppError("not_found", errorText("wallet.photoNotFound"));
  const { bytes } = photo;
  return new Response(bytes, {
    headers: {
      "content-type": photo.type,
      "content-length": String(bytes.byteLength),
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, max-age=31536000, immutable",
    },
  });
}
