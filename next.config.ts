import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import { PAGE_BODY_LIMIT } from "./lib/http/body-limits";
import { otherSecurityHeaders } from "./lib/http/security-headers";
import { releaseOfCheckout } from "./lib/platform/build-release";
import { writeRouteManifest } from "./scripts/write-route-manifest";

const nextConfig: NextConfig = {
  // Separate build folders let parallel work trees share one checkout.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // The contract's paths end in "/" (/base-scan/, /legacy-ask/): serve them as written
  // instead of redirecting to the slash-less form first.
  skipTrailingSlashRedirect: true,
  reactStrictMode: true,
  experimental: {
    // Next requires every route's module at start, in the thread that also
    // answers the first request: a restart waited for all of them. Each
    // route is loaded when it is first asked for instead (docs/architecture.md, "Database").
    preloadEntriesOnStart: false,
    // Next reads a page request's body into memory for proxy.ts before it
    // runs, 10 MB of it by default, for anyone; the proxy refuses a longer
    // body than this, which is all any page's form takes (lib/http/body-limits.ts).
    proxyClientMaxBodySize: PAGE_BODY_LIMIT,
  },
  // Loaded from node_modules at run time: they read their own .wasm/.data
  // files next to their code, which bundling would break.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg"],
  async headers() {
    // Pages get their policy, with a nonce per request, from proxy.ts; the
    // JSON APIs never reach Next (server/front-door.ts sets theirs).
    return [{ source: "/:path*", headers: otherSecurityHeaders() }];
  },
};

export default async function config(phase: string): Promise<NextConfig> {
  // A built app's server (`npm start`) needs none of what shapes a build: next-intl's
  // plugin alone, which loads @swc/core and @parcel/watcher, was a tenth of a
  // second of every start (docs/decisions/031-start-up.md).
  if (phase === PHASE_PRODUCTION_SERVER) return nextConfig;
  // Points next-intl at i18n/request.ts, which picks each request's language.
  const { default: createNextIntlPlugin } = await import("next-intl/plugin");
  const withIntl = createNextIntlPlugin("./i18n/request.ts");
  if (phase !== PHASE_PRODUCTION_BUILD && phase !== PHASE_DEVELOPMENT_SERVER) return withIntl(nextConfig);
  // Every build lists the route modules as they are now, so the OpenAPI
  // document covers routes merged from anywhere (scripts/write-route-manifest.ts),
  // and carries the release label of the commit it was built from.
  writeRouteManifest();
  const { release, commit } = releaseOfCheckout();
  // The same label for the server's own bundle (scripts/build-server.mjs).
  if (phase === PHASE_PRODUCTION_BUILD) {
    mkdirSync(nextConfig.distDir!, { recursive: true });
    writeFileSync(path.join(nextConfig.distDir!, "labs-release.json"), JSON.stringify({ release, commit }));
  }
  return withIntl({ ...nextConfig, env: { LABS_BUILD_RELEASE: release, LABS_BUILD_COMMIT: commit } });
}
