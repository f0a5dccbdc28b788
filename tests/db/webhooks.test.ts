import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { todoCreated } from "@/lib/events/ask-events";
import { listEvents } from "@/lib/events/list-events";
import { recordEvent } from "@/lib/events/record-event";
import { deliverDue, deliveryPass, FAN_OUT_DESTINATIONS } from "@/lib/events/delivery-pass";
import { GIVE_UP_AFTER_MS, retryDelayMs } from "@/lib/webhooks/deliver-webhooks";
import { createWebhook } from "@/lib/webhooks/manage-webhooks";

// What the worker does with the database, a pass at a time and with the
// clock set back where 24 hours must pass: the fan-out of events to
// deliveries, giving up after a day, and a webhook failing for a day
// disabled, which is itself an event. The receiver is a real one on loopback.

let receiver: Server;
let url: string;
let answer = 500;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(answer).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const event = (text: string) => todoCreated({ id: 0, text, priority: 0, source: null, parentId: null }, "labs");

describe("the fan-out", () => {
  it("gives a webhook one delivery per event of its types after it was made, however often it runs", async () => {
    await db().$transaction(async (tx) => recordEvent(tx, event("before the webhook")));
    const webhook = await createWebhook({ url, types: ["todo.created"] });
    await db().$transaction(async (tx) => recordEvent(tx, event("after the webhook")));
    await deliveryPass({ fanOut: true, room: 0 });
    await deliveryPass({ fanOut: true, room: 0 });
    // Other files' todos may have come in meanwhile (in db:postgres they share the database).
    const deliveries = await db().webhookDelivery.findMany({ where: { webhookId: webhook.id } });
    const texts = deliveries.map((d) => JSON.parse(d.payload).data.data.text);
    expect(texts.filter((text) => text === "after the webhook")).toHaveLength(1);
    expect(texts).not.toContain("before the webhook");
    await db().webhook.update({ where: { id: webhook.id }, data: { disabledAt: new Date() } });
  });
});

describe("the claim", () => {
  it("takes what is due for a webhook that works, and nothing of a disabled one's", async () => {
    answer = 200;
    const [working, disabled] = await Promise.all([
      createWebhook({ url, types: ["todo.created"] }),
      createWebhook({ url, types: ["todo.created"] }),
    ]);
    await db().webhook.update({ where: { id: disabled.id }, data: { disabledAt: new Date() } });
    const due = (webhookId: number) =>
      db().webhookDelivery.create({ data: { webhookId, type: "webhook.test", payload: "{}" } });
    const [fromWorking, fromDisabled] = await Promise.all([due(working.id), due(disabled.id)]);
    // Other files' deliveries may be due too (in db:postgres they share the database): room for them all.
    await deliverDue({ limit: 100 });
    const status = async (id: number) => (await db().webhookDelivery.findUniqueOrThrow({ where: { id } })).status;
    expect(await status(fromWorking.id)).toBe("delivered");
    expect(await status(fromDisabled.id)).toBe("pending");
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: fromDisabled.id } })).attempts).toBe(0);
    await db().webhook.update({ where: { id: working.id }, data: { disabledAt: new Date() } });
  });
});

describe("a receiver that keeps failing", () => {
  it("is given up after 24 hours, and its webhook disabled, with a webhook.disabled event", async () => {
    answer = 500;
    const webhook = await createWebhook({ url, types: ["todo.created"] });
    const dayAgo = new Date(Date.now() - GIVE_UP_AFTER_MS - 60_000);
    await db().webhook.update({ where: { id: webhook.id }, data: { failingSince: dayAgo } });
    const delivery = await db().webhookDelivery.create({
      data: { webhookId: webhook.id, type: "webhook.test", payload: "{}", createdAt: dayAgo },
    });
    const before = (await listEvents({ after: 0, limit: 1, types: ["webhook.disabled"] })).next;
    expect(await deliverDue()).toBeGreaterThanOrEqual(1);
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "failed",
      attempts: 1,
      lastStatus: 500,
    });
    expect((await db().webhook.findUniqueOrThrow({ where: { id: webhook.id } })).disabledAt).not.toBeNull();
    let after = before;
    const disabled = [];
    for (;;) {
      const page = await listEvents({ after, limit: 1000, types: ["webhook.disabled"] });
      if (page.events.length === 0) break;
      disabled.push(...page.events);
      after = page.next;
    }
    expect(disabled.find((e) => e.subject.id === webhook.id)).toMatchObject({
      origin: "labs",
      data: { webhook_id: webhook.id, url },
    });
    // A disabled webhook's deliveries are not sent.
    await db().webhookDelivery.update({ where: { id: delivery.id }, data: { status: "pending" } });
    expect(await deliverDue()).toBe(0);
  });

  it("before then, is retried later, and a success clears its failing mark", async () => {
    answer = 500;
    const webhook = await createWebhook({ url, types: ["todo.created"] });
    const delivery = await db().webhookDelivery.create({
      data: { webhookId: webhook.id, type: "webhook.test", payload: "{}" },
    });
    await deliverDue();
    const failed = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect((await db().webhook.findUniqueOrThrow({ where: { id: webhook.id } })).failingSince).not.toBeNull();
    answer = 204;
    await db().webhookDelivery.update({ where: { id: delivery.id }, data: { nextAttemptAt: new Date() } });
    await deliverDue();
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "delivered",
      attempts: 2,
    });
    expect((await db().webhook.findUniqueOrThrow({ where: { id: webhook.id } })).failingSince).toBeNull();
  });
});

describe("retryDelayMs", () => {
  it("doubles from 10 s up to an hour, each delay between half and all of its step", () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, () => 1))).toEqual([10_000, 20_000, 40_000]);
    expect(retryDelayMs(1, () => 0)).toBe(5_000);
    expect(retryDelayMs(30, () => 1)).toBe(3_600_000);
  });
});

describe("an event for more webhooks than a pass fans out to", () => {
  it("reaches FAN_OUT_DESTINATIONS of them a pass, says more wait, and the next passes the rest", async () => {
    const webhooks = [];
    for (let i = 0; i <= FAN_OUT_DESTINATIONS; i++)
      webhooks.push(await createWebhook({ url, types: ["note.created"] }));
    const ids = webhooks.map((webhook) => webhook.id);
    await db().$transaction(async (tx) =>
      recordEvent(tx, {
        type: "note.created",
        subject: { kind: "research_note", id: 1, url: "/base-research" },
        data: { text: "for every webhook" },
        origin: "labs",
      }),
    );
    const reached = () => db().webhookDelivery.count({ where: { webhookId: { in: ids } } });
    const first = await deliveryPass({ fanOut: true, room: 0 });
    expect(first.more).toBe(true);
    expect(await reached()).toBeGreaterThan(0);
    expect(await reached()).toBeLessThan(ids.length);
    // Other files' webhooks may share the passes (in db:postgres they share the database).
    let passes = 1;
    while ((await deliveryPass({ fanOut: true, room: 0 })).more) passes++;
    expect(passes).toBeLessThan(10);
    expect(await reached()).toBe(ids.length);
    await db().webhook.updateMany({ where: { id: { in: ids } }, data: { disabledAt: new Date() } });
  });
});
