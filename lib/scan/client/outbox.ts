import "client-only";
import { openDB, type DBSchema, type IDBPDatabase } from "idb";

// Scans waiting to be sent, kept in IndexedDB so a shop basement without
// signal loses nothing, even if the page is closed (docs/contract.md, "Scan decisions").
// Each carries the client_id the server deduplicates on. Other tabs and
// components hear about changes through a BroadcastChannel.

export type QueuedScan = {
  client_id: string;
  value: string;
  format: string | null;
  note: string | null;
  queued_at: string;
  /** Failed tries so far, for the back-off. */
  failures: number;
};

type OutboxSchema = DBSchema & {
  outbox: { key: string; value: QueuedScan; indexes: { by_queued_at: string } };
};

const DB_NAME = "labs-scan";
const CHANNEL = "labs-scan-outbox";

let database: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function outboxDb(): Promise<IDBPDatabase<OutboxSchema>> {
  if (!database) {
    database = openDB<OutboxSchema>(DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore("outbox", { keyPath: "client_id" }).createIndex("by_queued_at", "queued_at");
      },
    });
    // Private windows and full disks refuse IndexedDB; let the next call try again.
    database.catch(() => (database = null));
  }
  return database;
}

export async function addToOutbox(scan: QueuedScan): Promise<void> {
  await (await outboxDb()).put("outbox", scan);
  announce({ type: "changed" });
}

/** Oldest first: scans reach the server in the order they were taken. */
export async function outboxItems(): Promise<QueuedScan[]> {
  return (await outboxDb()).getAllFromIndex("outbox", "by_queued_at");
}

export async function outboxCount(): Promise<number> {
  return (await outboxDb()).count("outbox");
}

export async function isInOutbox(clientId: string): Promise<boolean> {
  return (await (await outboxDb()).getKey("outbox", clientId)) !== undefined;
}

export async function removeFromOutbox(clientId: string): Promise<void> {
  await (await outboxDb()).delete("outbox", clientId);
}

/** Counts a failed try, in one transaction so two tabs cannot lose an increment. */
export async function recordOutboxFailure(clientId: string): Promise<void> {
  const tx = (await outboxDb()).transaction("outbox", "readwrite");
  const item = await tx.store.get(clientId);
  if (item) await tx.store.put({ ...item, failures: item.failures + 1 });
  await tx.done;
}

export type OutboxEvent =
  | { type: "changed" }
  | { type: "delivered"; client_id: string; scan: unknown }
  | { type: "dropped"; client_id: string; message: string };

type Listener = (event: OutboxEvent) => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function broadcastChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === "undefined") return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<OutboxEvent>) => listeners.forEach((listener) => listener(message.data));
  return channel;
}

/** Tells this tab's listeners and every other tab's. */
export function announce(event: OutboxEvent): void {
  listeners.forEach((listener) => listener(event));
  broadcastChannel()?.postMessage(event);
}

export function subscribeToOutbox(listener: Listener): () => void {
  broadcastChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
