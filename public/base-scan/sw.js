// Service worker of the Scan pages (scope /base-scan/), registered by
// components/scan/service-worker.tsx. It keeps the wallet and every Scan page
// usable with no signal (a shop basement):
// - page navigations: network first, the stored copy when the network fails
//   or is too slow to answer;
// - /_next/static/* (content-hashed, never changes): cache first;
// - other same-origin files the pages load (icons, manifest, .wasm): network
//   first with the stored copy as fallback, so an upgraded .wasm is never
//   served stale next to new JavaScript;
// - every API call and every write goes straight to the network, never cached.
// The one message it takes, refresh-pages, names Scan pages it already knows;
// it stores no address a page hands it.
// A file shared to the installed app (a screenshot, a photo, a PDF of a card)
// arrives here as a POST to /base-scan/share and is handed to the add-card sheet.
// It also shows Labs' web pushes (docs/decisions/024-notifications.md): the
// server writes each in the phone's language; a tap opens its page here.
// Bump VERSION to drop everything stored by an older worker.

const VERSION = "1";
const PAGES = `scan-pages-${VERSION}`;
const ASSETS = `scan-assets-${VERSION}`;
// A file shared to Labs from another app (the manifest's share_target), kept
// until the add-card sheet reads it (lib/scan/client/shared-file.ts).
const SHARED = "scan-shared";
const SHARED_FILE = "/base-scan/share/file";
// A voucher's PDF or a screenshot is far less; a larger file is not kept.
const SHARED_MAX_BYTES = 32 * 1024 * 1024;
const SCAN_PAGES = ["/base-scan/", "/base-scan/scan", "/base-scan/session", "/base-scan/prices", "/base-scan/products"];
const SCAN_FILES = [
  "/base-scan/manifest.webmanifest",
  "/base-scan/icons/icon-192.png",
  "/base-scan/icons/icon-512.png",
  "/base-scan/icons/maskable-512.png",
];
// How long a page navigation waits for the network before the stored copy is
// shown (one bar of signal can take a minute to fail).
const NETWORK_WAIT_MS = 3500;

self.addEventListener("install", (event) => {
  event.waitUntil(storePages().catch(() => undefined));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([PAGES, ASSETS, SHARED]);
      for (const key of await caches.keys()) {
        if (key.startsWith("scan-") && !current.has(key)) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "refresh-pages") {
    const paths = Array.isArray(data.paths) ? data.paths.filter((path) => SCAN_PAGES.includes(path)) : SCAN_PAGES;
    event.waitUntil(storePages(paths).catch(() => undefined));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method === "POST" && url.origin === self.location.origin && url.pathname === "/base-scan/share") {
    event.respondWith(receiveShare(request));
    return;
  }
  if (request.method !== "GET") return;
  if (url.origin !== self.location.origin) return;
  if (isApi(url.pathname)) return;
  if (request.mode === "navigate") {
    if (isScanPage(url.pathname)) event.respondWith(page(request, url));
    return;
  }
  // Next's client-side navigation data (RSC payloads) stays live; when it
  // fails offline, Next falls back to a full navigation, answered above.
  if (request.headers.get("RSC") === "1" || url.searchParams.has("_rsc")) return;
  if (url.pathname.startsWith("/_next/static/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (isScanFile(url.pathname)) event.respondWith(networkFirst(request));
});

/**
 * A file shared from another app: kept where the add-card sheet finds it,
 * then the wallet opens that sheet to read its code. Nothing goes to the
 * server; what is not one file of a sensible size is not kept, and the sheet
 * says so.
 */
async function receiveShare(request) {
  let file = null;
  try {
    const form = await request.formData();
    file = form.getAll("file").find((value) => typeof value !== "string" && value.size > 0) || null;
  } catch {
    file = null;
  }
  const cache = await caches.open(SHARED);
  await cache.delete(SHARED_FILE);
  if (file && file.size <= SHARED_MAX_BYTES) {
    await cache.put(
      SHARED_FILE,
      new Response(file, { headers: { "content-type": file.type || "application/octet-stream" } }),
    );
  }
  return Response.redirect("/base-scan/?add=shared", 303);
}

function isApi(pathname) {
  return pathname.startsWith("/base-scan/api/") || pathname.startsWith("/api/") || pathname.includes("/api/");
}

function isScanPage(pathname) {
  return pathname === "/base-scan" || pathname.startsWith("/base-scan/");
}

function isScanFile(pathname) {
  return pathname.startsWith("/base-scan/") || pathname.endsWith(".wasm") || pathname === "/favicon.ico";
}

/** The stored copy's key: the path alone ("/base-scan" and "/base-scan/" are one page; ?card=… is read by the page). */
function pageKey(url) {
  return url.pathname === "/base-scan" ? "/base-scan/" : url.pathname;
}

async function page(request, url) {
  const cache = await caches.open(PAGES);
  const key = pageKey(url);
  // A later page of a list (?cursor=…) is never stored: it would replace the
  // first page, the wallet people open at the till.
  const storable = !url.searchParams.has("cursor");
  const network = fetch(request).then(async (response) => {
    if (storable && response.ok && (response.headers.get("content-type") || "").includes("text/html")) {
      await cache.put(key, response.clone());
    }
    return response;
  });
  // Answered from the store when the network loses the race; a late failure is then nobody's concern.
  network.catch(() => undefined);
  const stored = () => cache.match(key, { ignoreVary: true });
  try {
    const first = await Promise.race([network, delay(NETWORK_WAIT_MS).then(() => null)]);
    if (first) return first;
    const copy = await stored();
    return copy || (await network);
  } catch {
    return (await stored()) || offlinePage();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(ASSETS);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(request, { ignoreVary: true });
    if (hit) return hit;
    throw error;
  }
}

/** Stores the Scan pages and the scripts and styles their HTML names, so pages never opened still open offline. */
async function storePages(paths = SCAN_PAGES) {
  const pages = await caches.open(PAGES);
  const assets = new Set(SCAN_FILES);
  await Promise.all(
    paths.map(async (path) => {
      const response = await fetch(path, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) return;
      const html = await response.clone().text();
      await pages.put(path, response);
      for (const match of html.matchAll(/\/_next\/static\/[^"'\s\\)<>]+/g)) assets.add(match[0]);
    }),
  );
  await storeAssets([...assets]);
}

// A push is {title, body, url, tag, count, lang}, written by the server in the
// language the phone subscribed in. One that cannot be read still shows, so
// the push service does not count it as a silent push.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const url = typeof message.url === "string" && message.url.startsWith("/") ? message.url : "/";
  event.waitUntil(
    self.registration.showNotification(typeof message.title === "string" ? message.title : "Labs", {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      lang: typeof message.lang === "string" ? message.lang : undefined,
      icon: "/base-scan/icons/icon-192.png",
      data: { url },
    }),
  );
});

// A tap opens the notification's page: in a Labs window already open, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === target.origin && "navigate" in client);
      if (open) {
        await open.focus();
        await open.navigate(target.href);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});

async function storeAssets(urls) {
  const cache = await caches.open(ASSETS);
  await Promise.all(
    urls.map(async (url) => {
      const target = new URL(url, self.location.origin);
      if (target.origin !== self.location.origin) return;
      const hashed = target.pathname.startsWith("/_next/static/");
      if (hashed && (await cache.match(target.href))) return;
      try {
        const response = await fetch(target.href, { credentials: "same-origin" });
        if (response.ok) await cache.put(target.href, response);
      } catch {
        // One missing file must not stop the others from being stored.
      }
    }),
  );
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function offlinePage() {
  const html =
    '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Offline · Labs</title><body style="font:18px system-ui;margin:2rem"><h1>You are offline</h1>' +
    "<p>This page has not been opened on this phone yet. Open it once with a connection and it works offline after that.</p>" +
    '<p><a href="/base-scan/">Wallet</a></p></body></html>';
  return new Response(html, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
}
