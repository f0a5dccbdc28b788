import { ZodError, type z } from "zod";
import { AppError, errorText, writeError, type ErrorIssue } from "@/lib/http/errors";
import { translateIssue } from "@/lib/i18n/issue-messages";
import { isDiskFull, noteDiskFull } from "@/lib/platform/disk-space";
import type { Locale } from "@/lib/i18n/locales";
import { zodErrorMap } from "@/lib/i18n/zod-errors";

// Turns anything thrown below a route into an AppError. Known failures map to
// their status; everything else becomes a generic 500 whose real cause goes to
// the log only, never to the response.
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationError(error);
  const prismaCode = prismaErrorCode(error);
  if (prismaCode === "P2002") {
    return new AppError("conflict", errorText("generic.conflict"), { cause: error });
  }
  if (prismaCode === "P2025" || prismaCode === "P2003") {
    return new AppError("not_found", errorText("generic.notFound"), { cause: error });
  }
  if (isDiskFull(error)) {
    noteDiskFull();
    return new AppError("insufficient_storage", errorText("generic.diskFull"), { cause: error });
  }
  return new AppError("internal", errorText("generic.internal"), { cause: error });
}

export function validationError(error: ZodError, prefix?: string): AppError {
  const pathOf = (issue: z.core.$ZodIssue) =>
    [prefix, ...issue.path].filter((part) => part !== undefined).join(".") || "(root)";
  const issuesIn = (locale: Locale): ErrorIssue[] =>
    error.issues.map((issue) => ({ path: pathOf(issue), message: issueMessage(issue, locale) }));
  const summary = (issues: ErrorIssue[], locale: Locale) => {
    const first = issues[0];
    return first
      ? writeError(errorText("generic.fieldInvalid", { path: first.path, message: first.message }), locale)
      : writeError(errorText("generic.invalid"), locale);
  };
  const issues = issuesIn("en");
  return new AppError("validation_failed", summary(issues, "en"), {
    issues,
    cause: error,
    translate: (locale) => {
      const translated = issuesIn(locale);
      return { message: summary(translated, locale), issues: translated };
    },
  });
}

const englishMap = zodErrorMap("en");

/**
 * An issue's message in `locale`: zod's own words from its locale, a
 * schema's own words through the errors catalogue (lib/i18n/issue-messages.ts).
 */
function issueMessage(issue: z.core.$ZodIssue, locale: Locale): string {
  if (locale === "en") return issue.message;
  const english = englishMap(issue as never);
  const zodsOwn = typeof english === "string" ? english : english?.message;
  if (zodsOwn === issue.message) {
    const mine = zodErrorMap(locale)(issue as never);
    return (typeof mine === "string" ? mine : mine?.message) ?? issue.message;
  }
  return translateIssue(issue.message, locale);
}

function prismaErrorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { name, code } = error as { name?: unknown; code?: unknown };
  if (typeof name !== "string" || !name.startsWith("PrismaClient")) return undefined;
  return typeof code === "string" ? code : undefined;
}
