import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";
import createNextIntlPlugin from "next-intl/plugin";
import { API_POLICY, API_POLICY_RULES, otherSecurityHeaders } from "./lib/http/security-headers";
import { releaseOfCheckout } from "./lib/labs/build-release";
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
  },
  // Loaded from node_modules at run time: they read their own .wasm/.data
  // files next to their code, which bundling would break.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg"],
  async headers() {
    // Pages get their policy, with a nonce per request, from proxy.ts; the
    // JSON APIs it is kept off get a strict one here, attachments their own.
    const apiPolicy = [{ key: "Content-Security-Policy", value: API_POLICY }];
    return [
      { source: "/:path*", headers: otherSecurityHeaders() },
      ...API_POLICY_RULES.map(({ source }) => ({ source, headers: apiPolicy })),
    ];
  },
};

// Points next-intl at i18n/request.ts, which picks each request's language.
const withIntl = createNextIntlPlugin("./i18n/request.ts");

export default function config(phase: string): NextConfig {
  if (phase !== PHASE_PRODUCTION_BUILD && phase !== PHASE_DEVELOPMENT_SERVER) return withIntl(nextConfig);
  // Every build lists the route modules as they are now, so the OpenAPI
  // document covers routes merged from anywhere (scripts/write-route-manifest.ts),
  // and carries the release label of the commit it was built from.
  writeRouteManifest();
  const { release, commit } = releaseOfCheckout();
  return withIntl({ ...nextConfig, env: { LABS_BUILD_RELEASE: release, LABS_BUILD_COMMIT: commit } });
}
