import "server-only";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import { formatPriceFmt, isoTime } from "@/lib/research/format";
import { listNotes } from "@/lib/research/notes";
import type { Availability, Note } from "@/lib/research/schemas";

/** Observations listed on a session page, newest first. */
export const SESSION_OBSERVATIONS_LIMIT = 500;
/** Notes listed on a session page (the most GET notes gives too). */
export const SESSION_NOTES_LIMIT = 200;

export type SessionDetail = {
  slug: string;
  /** False for a slug only notes name: the agent has not started it yet. */
  started: boolean;
  title: string | null;
  context: string | null;
  /** Who started it; null for a slug only notes name. */
  origin: string | null;
  created_at: string | null;
  items: {
    item_id: number;
    item_name: string;
    obs_count: number;
    /** The newest price in this session, "12.50", with its currency; null without one. */
    latest_price: string | null;
    currency: string;
    latest_price_fmt: string | null;
    last_obs: string;
  }[];
  observations: {
    obs_id: number;
    br_id: string;
    item_id: number;
    item_name: string;
    source: string;
    price: string | null;
    currency: string;
    price_fmt: string | null;
    availability: Availability;
    url: string | null;
    observed_at: string;
    origin: string;
  }[];
  notes: Note[];
};

/**
 * One research session for its page: context, the items observed in it (with
 * their newest priced observation in this session), its observations and the
 * notes that name it. A slug that only notes name (a note may name a session
 * the agent has not started) is shown too; one that nothing names is not_found.
 * Four queries whatever the size of the session.
 */
export async function getSessionDetailOrThrow({ slug }: { slug: string }): Promise<SessionDetail> {
  const prisma = db();
  const [session, notes] = await Promise.all([
    prisma.researchSession.findUnique({
      where: { slug },
      select: { id: true, slug: true, title: true, context: true, origin: true, createdAt: true },
    }),
    listNotes({ query: { sessionSlug: slug, limit: SESSION_NOTES_LIMIT } }),
  ]);
  if (!session && notes.length === 0) throw new AppError("not_found", errorText("research.sessionNotFound", { slug }));
  if (!session) {
    return {
      slug,
      started: false,
      title: null,
      context: null,
      origin: null,
      created_at: null,
      items: [],
      observations: [],
      notes,
    };
  }

  const [items, observations] = await Promise.all([
    prisma.$queryRaw<
      {
        item_id: number;
        item_name: string;
        obs_count: number;
        price: string | null;
        currency: string | null;
        last_obs: Date;
      }[]
    >`
      SELECT o.item_id, i.name AS item_name, count(*)::int AS obs_count,
             ((array_agg(o.price ORDER BY o.observed_at DESC, o.id DESC) FILTER (WHERE o.price IS NOT NULL))[1])::text AS price,
             (array_agg(o.currency ORDER BY o.observed_at DESC, o.id DESC) FILTER (WHERE o.price IS NOT NULL))[1] AS currency,
             max(o.observed_at) AS last_obs
      FROM observation o
      JOIN item i ON i.id = o.item_id
      WHERE o.session_id = ${session.id}
      GROUP BY o.item_id, i.name
      ORDER BY max(o.observed_at) DESC, o.item_id`,
    prisma.observation.findMany({
      where: { sessionId: session.id },
      orderBy: [{ observedAt: "desc" }, { id: "desc" }],
      take: SESSION_OBSERVATIONS_LIMIT,
      select: {
        id: true,
        brId: true,
        itemId: true,
        item: { select: { name: true } },
        source: true,
        price: true,
        currency: true,
        availability: true,
        url: true,
        origin: true,
        observedAt: true,
      },
    }),
  ]);

  return {
    slug: session.slug,
    started: true,
    title: session.title,
    context: session.context,
    origin: session.origin,
    created_at: session.createdAt.toISOString(),
    items: items.map((row) => ({
      item_id: row.item_id,
      item_name: row.item_name,
      obs_count: row.obs_count,
      latest_price: row.price === null ? null : String(row.price),
      currency: row.currency ?? "EUR",
      latest_price_fmt: row.price === null ? null : formatPriceFmt(row.price, row.currency ?? "EUR"),
      last_obs: isoTime(row.last_obs),
    })),
    observations: observations.map((obs) => ({
      obs_id: obs.id,
      br_id: obs.brId,
      item_id: obs.itemId,
      item_name: obs.item.name,
      source: obs.source,
      price: obs.price === null ? null : obs.price.toFixed(2),
      currency: obs.currency,
      price_fmt: obs.price === null ? null : formatPriceFmt(obs.price.toFixed(2), obs.currency),
      // The observe schema lets only the listed values into the column.
      availability: obs.availability,
      url: obs.url,
      observed_at: obs.observedAt.toISOString(),
      origin: obs.origin,
    })),
    notes,
  };
}
