// Builds the server (server/main.ts, the front door and every API route) into
// .next/labs-server.mjs, which `npm start` runs under plain Node, and the
// chunks it imports as it needs them (.next/labs-server/).
// Packages stay in node_modules, loaded at run time as Next loads them; our
// own code (`@/…`, resolved through tsconfig.json) is bundled. Next builds
// the pages; this, in under a second, the rest (docs/decisions/021-one-server.md).
import { readFileSync } from "node:fs";
import { build } from "esbuild";

/** Builds after `next build`, into its folder, with the release label it wrote there (next.config.ts). */
export async function buildServer(distDir = process.env.NEXT_DIST_DIR || ".next") {
  const release = JSON.parse(readFileSync(`${distDir}/labs-release.json`, "utf8"));
  await build({
    entryPoints: ["server/main.ts"],
    outdir: distDir,
    entryNames: "labs-server",
    // Each dynamic import() its own chunk, with the packages it needs: what
    // starts first (the database's thread) waits for none of the rest.
    splitting: true,
    chunkNames: "labs-server/[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // Next's subpaths have no "exports" map: plain Node's ES module loader needs their file names.
    alias: { "next/constants": "next/constants.js", "next/server": "next/server.js" },
    // What next.config.ts gives Next's build, for the same release label.
    define: {
      "process.env.LABS_BUILD_RELEASE": JSON.stringify(release.release),
      "process.env.LABS_BUILD_COMMIT": JSON.stringify(release.commit),
    },
    sourcemap: "linked",
    logLevel: "warning",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
