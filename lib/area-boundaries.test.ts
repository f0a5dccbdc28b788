import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The product areas keep to themselves (docs/architecture.md, "Layout"): the
// lint rule in eslint.config.mjs, run here on files that are not there
// (import/no-cycle reads the files on disk: it is left to the lint itself).
async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ overrideConfig: { rules: { "import/no-cycle": "off" } } });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("area boundaries", () => {
  it("refuses an area's internals to the other areas, and allows their schemas", { timeout: 60_000 }, async () => {
    const code = [
      'import { buildDraftPrompt } from "@/lib/ask/draft-prompt";',
      'import { logTodoBody } from "@/lib/ask/schemas";',
      'import { Wallet } from "@/components/scan/wallet";',
      "export const used = [buildDraftPrompt, logTodoBody, Wallet];",
      "",
    ].join("\n");
    const refused = await restrictedImports("lib/research/probe.ts", code);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toContain("research may use ask's schemas only");
    expect(refused[1]).toContain("@/components/scan/wallet");
    // Inside its own area, and outside the three, the same imports are fine.
    expect(await restrictedImports("lib/ask/probe.ts", code.replace(/components\/scan/, "components/ask"))).toEqual([]);
    expect(await restrictedImports("lib/labs/probe.ts", code)).toEqual([]);
    // An area's pages, in its route group, keep to the same rule.
    expect(await restrictedImports("app/(research)/base-research/probe/page.tsx", code)).toHaveLength(2);
    expect(await restrictedImports("app/(labs)/admin/probe/page.tsx", code)).toEqual([]);
  });
});
