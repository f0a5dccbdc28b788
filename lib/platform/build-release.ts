// Used by next.config.ts at build time only: the release label of the commit
// being built. Without git (a source tarball) the build date and revision 0.
import { execFileSync } from "node:child_process";
import { formatRelease } from "./release";

export function releaseOfCheckout(): { release: string; commit: string } {
  try {
    const git = (...args: string[]) =>
      execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const date = new Date(git("log", "-1", "--format=%cI"));
    const revision = Number(git("rev-list", "--count", "HEAD"));
    return { release: formatRelease(date, revision), commit: git("rev-parse", "--short=12", "HEAD") };
  } catch {
    return { release: formatRelease(new Date(), 0), commit: "" };
  }
}
