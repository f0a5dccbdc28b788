import { ZodError } from "zod";
import { AppError, type ErrorIssue } from "@/lib/http/errors";

// Turns anything thrown below a route into an AppError. Known failures map to
// their status; everything else becomes a generic 500 whose real cause goes to
// the log only, never to the response.
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationError(error);
  const prismaCode = prismaErrorCode(error);
  if (prismaCode === "P2002") {
    return new AppError("conflict", "That already exists.", { cause: error });
  }
  if (prismaCode === "P2025" || prismaCode === "P2003") {
    return new AppError("not_found", "A record this request refers to does not exist.", { cause: error });
  }
  return new AppError("internal", "Something went wrong on our side; it has been logged.", { cause: error });
}

export function validationError(error: ZodError, prefix?: string): AppError {
  const issues: ErrorIssue[] = error.issues.map((issue) => ({
    path: [prefix, ...issue.path].filter((part) => part !== undefined).join(".") || "(root)",
    message: issue.message,
  }));
  const first = issues[0];
  const message = first ? `${first.path}: ${first.message}` : "The request is not valid.";
  return new AppError("validation_failed", message, { issues, cause: error });
}

function prismaErrorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { name, code } = error as { name?: unknown; code?: unknown };
  if (typeof name !== "string" || !name.startsWith("PrismaClient")) return undefined;
  return typeof code === "string" ? code : undefined;
}
