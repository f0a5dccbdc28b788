import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

const AREAS = ["scan", "ask", "research"];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // The three product areas keep to themselves: scan, ask and research may
  // read each other's shapes (schemas) and nothing else; what two of them
  // share lives outside them (lib/text/, lib/files/, lib/events/, …), and
  // the Labs area, which shows them all, reads them through their lib/ functions.
  ...AREAS.map((area) => ({
    files: [`lib/${area}/**`, `components/${area}/**`, `app/(${area})/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: AREAS.filter((other) => other !== area).map((other) => ({
            group: [`@/lib/${other}/*`, `!@/lib/${other}/schemas`, `@/components/${other}/*`],
            message: `${area} may use ${other}'s schemas only: move what both need out of the areas (docs/architecture.md, "Layout").`,
          })),
        },
      ],
    },
  })),
  // No import circles: a module that imports its own importer, directly or
  // not, reads it half-loaded. What must read a module that imports it (the
  // OpenAPI route reads the route table) imports it when it is called.
  {
    // Packages cannot import our modules: the rule need not read them.
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  // Playwright fixtures call their continuation `use`, which is not React's hook.
  { files: ["e2e/**/*.ts"], rules: { "react-hooks/rules-of-hooks": "off" } },
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "lib/generated/**",
    "data/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
]);
