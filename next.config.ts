import type { NextConfig } from "next";
import { securityHeaders } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // Separate build folders let parallel work trees share one checkout.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // The seed's paths end in "/" (/base-scan/, /legacy-ask/): serve them as written
  // instead of redirecting to the slash-less form first.
  skipTrailingSlashRedirect: true,
  reactStrictMode: true,
  // Loaded from node_modules at run time: they read their own .wasm/.data
  // files next to their code, which bundling would break.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders(process.env.NODE_ENV === "production") }];
  },
};

export default nextConfig;
