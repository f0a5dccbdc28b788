import { describe, expect, it } from "vitest";
import {
  BUSY_CHUNK,
  BUSY_SENDS_PER_SECOND,
  noteRequestArrived,
  SendPace,
  SERVING_MS,
  servingRequests,
} from "@/lib/events/send-pace";

describe("the pushes' pace", () => {
  it("counts the server as answering people for a moment after each request arrives", () => {
    noteRequestArrived(10_000);
    expect(servingRequests(10_000)).toBe(true);
    expect(servingRequests(10_000 + SERVING_MS - 1)).toBe(true);
    expect(servingRequests(10_000 + SERVING_MS)).toBe(false);
  });

  it("holds no message back while no one is being answered", () => {
    const pace = new SendPace(() => false, 0);
    pace.spend(1000, 0);
    expect(pace.room(1)).toBe(Number.POSITIVE_INFINITY);
  });

  it("lets a household's first few messages go at once while people are being answered", () => {
    const pace = new SendPace(() => true, 0);
    expect(pace.room(0)).toBe(BUSY_CHUNK);
  });

  it("starts no more than its rate while people are being answered, a chunk at a time", () => {
    const pace = new SendPace(() => true, 0);
    let started = 0;
    // The delivery worker asks whenever it may; here every millisecond for ten seconds.
    for (let now = 0; now <= 10_000; now++) {
      const room = pace.room(now);
      if (room === 0) continue;
      expect(room).toBe(BUSY_CHUNK);
      pace.spend(room, now);
      started += room;
    }
    expect(started).toBeLessThanOrEqual(BUSY_CHUNK + 10 * BUSY_SENDS_PER_SECOND);
    expect(started).toBeGreaterThanOrEqual(10 * BUSY_SENDS_PER_SECOND);
  });

  it("says when the next chunk may go", () => {
    const pace = new SendPace(() => true, 0);
    pace.spend(pace.room(0), 0);
    const wait = pace.untilRoom(0);
    expect(wait).toBe((BUSY_CHUNK / BUSY_SENDS_PER_SECOND) * 1000);
    expect(pace.room(wait - 1)).toBe(0);
    expect(pace.room(wait)).toBe(BUSY_CHUNK);
  });
});
