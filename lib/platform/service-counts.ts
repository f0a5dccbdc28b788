import "server-only";
import { db } from "@/lib/db";

export type ServiceCounts = Awaited<ReturnType<typeof countPerService>>;

/** Row counts per service, in one round trip of parallel counts. */
export async function countPerService() {
  const prisma = db();
  const [cards, scans, stores, todos, pendingTodos, items, observations, notes, apiKeys] = await Promise.all([
    prisma.card.count({ where: { deletedAt: null } }),
    prisma.scan.count(),
    prisma.store.count(),
    prisma.todo.count(),
    prisma.todo.count({ where: { status: "pending" } }),
    prisma.item.count(),
    prisma.observation.count(),
    prisma.note.count(),
    prisma.apiKey.count({ where: { revokedAt: null } }),
  ]);
  return {
    scan: { cards, scans, stores },
    ask: { todos, pending: pendingTodos },
    research: { items, observations, notes },
    labs: { api_keys: apiKeys },
  };
}
