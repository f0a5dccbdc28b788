import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { dataDir, env } from "@/lib/env";
import { makePrivateDirectory } from "@/lib/private-files.mjs";

// The VAPID key pair that signs every push (RFC 8292). A phone subscribes
// with the public key; a new pair would leave every subscription unusable,
// so the one made on first start is kept in the data folder beside the
// other local secrets, unless VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set.

const VAPID_KEYS_FILE = "vapid-keys.json";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

let loaded: VapidKeys | undefined;

export function vapidKeys(): VapidKeys {
  if (loaded) return loaded;
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = env();
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY) {
    loaded = { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: VAPID_SUBJECT };
    return loaded;
  }
  if (VAPID_PUBLIC_KEY || VAPID_PRIVATE_KEY) {
    throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither");
  }
  const file = path.join(dataDir(), VAPID_KEYS_FILE);
  if (!existsSync(file)) {
    const made = webpush.generateVAPIDKeys();
    makePrivateDirectory(dataDir());
    // "wx": of two processes starting at once, the second reads the first's pair.
    try {
      writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600, flag: "wx" });
      chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  loaded = { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: VAPID_SUBJECT };
  return loaded;
}
