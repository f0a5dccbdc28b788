import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The reasoning behind the code lives in docs/ (docs/style.md, "Small
// things"): comments and docs point there, never at documents or issue
// numbers a clone of this repository does not have, and every docs/ path
// they name must exist, down to the heading when one is quoted.

const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const self = path.relative(root, import.meta.filename);

// Generated, vendored or recorded elsewhere: lock files, fixtures copied from
// outside, and applied migrations (their checksums are in every database).
const SKIPPED = [/^package-lock\.json$/, /(^|\/)node_modules\//, /^tests\/fixtures\//, /^prisma\/migrations\//];

type TextFile = { file: string; lines: string[] };

function trackedTextFiles(): TextFile[] {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
  const texts: TextFile[] = [];
  for (const file of files) {
    if (SKIPPED.some((pattern) => pattern.test(file))) continue;
    const absolute = path.join(root, file);
    if (!existsSync(absolute)) continue;
    const bytes = readFileSync(absolute);
    if (bytes.subarray(0, 8000).includes(0)) continue; // binary
    texts.push({ file, lines: bytes.toString("utf8").split("\n") });
  }
  return texts;
}

const files = trackedTextFiles();

/** Pointers to documents outside the repository, and bare issue numbers. */
const OUTSIDE_REFERENCES: { name: string; pattern: RegExp }[] = [
  { name: "a path outside the repository", pattern: /\.\.\/shared\b/ },
  { name: "a section of the old design document", pattern: /DESIGN\s*§/ },
  { name: "the old design document", pattern: /DESIGN\.md/ },
  { name: "the old style guide", pattern: /STYLE\.md/ },
  { name: "a part of the old service description", pattern: /\bseed(?:'s)? part\b/i },
  { name: "an issue number", pattern: /\bissues? #?\d+/i },
];

/**
 * The one outside path allowed (docs/style.md, "Small things"): a test over
 * the shared corpora beside the repository, which skips where they are missing.
 */
const CORPORA = /\.\.\/shared\/corpora\b/g;

/** `docs/….md` as a path of its own (not the tail of a URL such as …/docs/guide.md). */
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*?\.md\b/g;

/** A page and a heading: `docs/<page>.md, "Heading"`, `docs/<page>.md ("Heading"…`, or the path in backquotes. */
const DOCS_HEADING = /(?<![\w./-])(docs\/[\w./-]*?\.md)`?,? ?\(?"([^"\n]+)"/g;

/** Relative Markdown links between docs pages: `](decisions/001-client-address.md#context)`. */
const MARKDOWN_LINK = /\]\(([^)\s#]+\.md)(?:#[^)\s]*)?\)/g;

function headingsOf(file: string): Set<string> {
  const text = readFileSync(path.join(root, file), "utf8");
  return new Set(
    text
      .split("\n")
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => line.replace(/^#{1,6} /, "").trim()),
  );
}

function where(file: string, index: number, text: string): string {
  return `${file}:${index + 1}: ${text.trim().slice(0, 160)}`;
}

describe("references in comments and docs", () => {
  it("point inside the repository, never at outside documents or issue numbers", () => {
    const hits: string[] = [];
    for (const { file, lines } of files) {
      if (file === self) continue; // it names what it looks for
      lines.forEach((line, index) => {
        const seen = file.endsWith(".test.ts") ? line.replace(CORPORA, "") : line;
        for (const { name, pattern } of OUTSIDE_REFERENCES) {
          if (pattern.test(seen)) hits.push(`${where(file, index, line)}  (${name})`);
        }
      });
    }
    expect(hits, "point these at docs/ instead (docs/README.md lists what is there)").toEqual([]);
  });

  it("name docs/ pages that exist", () => {
    const missing: string[] = [];
    for (const { file, lines } of files) {
      lines.forEach((line, index) => {
        for (const [docsPath] of line.matchAll(DOCS_PATH)) {
          if (!existsSync(path.join(root, docsPath))) missing.push(`${where(file, index, line)}  (${docsPath})`);
        }
      });
    }
    expect(missing).toEqual([]);
  });

  it("quote headings that exist in the page they name", () => {
    const missing: string[] = [];
    const headings = new Map<string, Set<string>>();
    for (const { file, lines } of files) {
      lines.forEach((line, index) => {
        for (const [, docsPath = "", heading = ""] of line.matchAll(DOCS_HEADING)) {
          if (!existsSync(path.join(root, docsPath))) continue; // reported above
          if (!headings.has(docsPath)) headings.set(docsPath, headingsOf(docsPath));
          if (!headings.get(docsPath)?.has(heading)) missing.push(`${where(file, index, line)}  (${heading})`);
        }
      });
    }
    expect(missing).toEqual([]);
  });

  it("link docs pages to pages that exist", () => {
    const broken: string[] = [];
    for (const { file, lines } of files) {
      if (!file.endsWith(".md")) continue;
      lines.forEach((line, index) => {
        for (const [, target = ""] of line.matchAll(MARKDOWN_LINK)) {
          if (/^[a-z]+:/i.test(target)) continue; // a URL
          if (!existsSync(path.join(root, path.dirname(file), target))) {
            broken.push(`${where(file, index, line)}  (${target})`);
          }
        }
      });
    }
    expect(broken).toEqual([]);
  });
});
