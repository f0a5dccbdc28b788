// While people are being answered, the pushes and ntfy messages wait their
// turn (docs/decisions/038-notifications-give-way.md). Each push is encrypted
// on the server's one thread and costs the database a share of a claim and
// of the record of its sending; a thousand of them at the push service's
// pace took two cores from the requests and doubled a scan's p99. A phone
// that learns of a price a few seconds later loses nothing; a till that waits
// does. Webhooks are not paced: an agent's receiver is waiting on them.

/** How long after a request arrives the server counts as answering people. */
export const SERVING_MS = 250;
/** Messages a second while it does. */
export const BUSY_SENDS_PER_SECOND = 40;
/**
 * Messages claimed at a time while it does, and the most that go at once:
 * a household's few phones get their first event at once, and a claim costs
 * PGlite about the same for one channel as for eight.
 */
export const BUSY_CHUNK = 8;

let lastArrival = Number.NEGATIVE_INFINITY;

/** Called by the server for every request that arrives (server/main.ts). */
export function noteRequestArrived(now = performance.now()): void {
  lastArrival = now;
}

/** Whether a request arrived in the last SERVING_MS (a stream held open counts once, when it opens). */
export function servingRequests(now = performance.now()): boolean {
  return now - lastArrival < SERVING_MS;
}

/**
 * How many messages the delivery worker may start now: as many as it likes
 * while no one is being answered; else a bucket filled at
 * BUSY_SENDS_PER_SECOND, spent BUSY_CHUNK at a time.
 */
export class SendPace {
  private tokens = BUSY_CHUNK;
  private filledAt: number;

  constructor(
    private readonly serving: (now: number) => boolean = servingRequests,
    now = performance.now(),
  ) {
    this.filledAt = now;
  }

  private fill(now: number): void {
    this.tokens = Math.min(BUSY_CHUNK, this.tokens + ((now - this.filledAt) / 1000) * BUSY_SENDS_PER_SECOND);
    this.filledAt = now;
  }

  /** The most that may start now: Infinity when the server is answering no one, else a chunk or 0. */
  room(now = performance.now()): number {
    this.fill(now);
    if (!this.serving(now)) return Number.POSITIVE_INFINITY;
    return this.tokens >= BUSY_CHUNK ? BUSY_CHUNK : 0;
  }

  /** Counts `count` messages started. */
  spend(count: number, now = performance.now()): void {
    this.fill(now);
    this.tokens = Math.max(0, this.tokens - count);
  }

  /** Milliseconds until a chunk may start while people are being answered. */
  untilRoom(now = performance.now()): number {
    this.fill(now);
    return Math.max(0, ((BUSY_CHUNK - this.tokens) / BUSY_SENDS_PER_SECOND) * 1000);
  }
}
