import { createTranslator } from "use-intl/core";
import { requestLocale, type Locale } from "@/lib/i18n/locales";
import enErrors from "@/messages/en/errors.json" with { type: "json" };
import ptErrors from "@/messages/pt-PT/errors.json" with { type: "json" };

// The one error type and the one error shape of every JSON endpoint
// (docs/contract.md, "JSON endpoints"): { ok: false, error: { code, message, issues? } }.
// Codes are English and stable; the message follows the request's language
// (docs/decisions/013-languages.md): an error names its message by a key in
// messages/<locale>/errors.json, and the answer is written in the asker's language.

export const errorStatus = {
  bad_json: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  length_required: 411,
  payload_too_large: 413,
  unsupported_media_type: 415,
  // An account's key with no credits left (docs/decisions/034-accounts-and-credits.md).
  credits_exhausted: 402,
  misdirected_request: 421,
  // The same Idempotency-Key sent with another request (lib/http/idempotency.ts).
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal: 500,
  upstream_failed: 502,
  unavailable: 503,
  upstream_timeout: 504,
  insufficient_storage: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type ErrorIssue = { path: string; message: string };

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A message of the errors catalogue: "scan.storeNotFound". */
export type ErrorKey = Leaves<typeof enErrors>;
type Values = Record<string, string | number>;

/** A message to be written in the asker's language: its catalogue key and the values it takes. */
export type ErrorText = { key: ErrorKey; values?: Values };

export function errorText(key: ErrorKey, values?: Values): ErrorText {
  return { key, values };
}

const translators = {
  en: createTranslator({ locale: "en", messages: { errors: enErrors } }),
  "pt-PT": createTranslator({ locale: "pt-PT", messages: { errors: ptErrors as typeof enErrors } }),
};

/** An error message in `locale`. */
export function writeError(text: ErrorText, locale: Locale): string {
  const t = translators[locale] as unknown as (key: string, values?: Values) => string;
  return t(`errors.${text.key}`, text.values);
}

export type ErrorBody = {
  ok: false;
  error: { code: ErrorCode; message: string; issues?: ErrorIssue[]; resets_at?: string };
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues?: ErrorIssue[];
  readonly headers?: Record<string, string>;
  /** `credits_exhausted`: when the credits come back, in the envelope as `resets_at`. */
  readonly resetsAt?: Date;
  /** The message's catalogue entry; `message` is its English text, for logs. */
  readonly text?: ErrorText;
  /** The issues' catalogue entries, by position, where they have one. */
  readonly issueTexts?: (ErrorText | undefined)[];

  /**
   * `message` is shown to the caller: one sentence a person can act on, from
   * the errors catalogue (`errorText(key, values)`). A plain string is sent
   * as it is in every language: only for text that is not ours to translate.
   */
  constructor(
    code: ErrorCode,
    message: ErrorText | string,
    options: {
      issues?: (ErrorIssue | { path: string; message: ErrorText })[];
      headers?: Record<string, string>;
      resetsAt?: Date;
      cause?: unknown;
      /** Writes message and issues in another language, for errors whose words are not catalogue keys (zod's). */
      translate?: (locale: Locale) => { message: string; issues?: ErrorIssue[] };
    } = {},
  ) {
    super(typeof message === "string" ? message : writeError(message, "en"), { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.text = typeof message === "string" ? undefined : message;
    this.issues = options.issues?.map((issue) => ({
      path: issue.path,
      message: typeof issue.message === "string" ? issue.message : writeError(issue.message, "en"),
    }));
    if (options.issues?.some((issue) => typeof issue.message !== "string")) {
      this.issueTexts = options.issues.map((issue) => (typeof issue.message === "string" ? undefined : issue.message));
    }
    this.headers = options.headers;
    this.resetsAt = options.resetsAt;
    this.translate = options.translate;
  }

  private readonly translate?: (locale: Locale) => { message: string; issues?: ErrorIssue[] };

  /** The message in `locale`. */
  messageIn(locale: Locale): string {
    if (this.translate && locale !== "en") return this.translate(locale).message;
    return this.text ? writeError(this.text, locale) : this.message;
  }

  /** The issues in `locale`. */
  issuesIn(locale: Locale): ErrorIssue[] | undefined {
    if (this.translate && locale !== "en") return this.translate(locale).issues;
    return this.issues?.map((issue, index) => {
      const text = this.issueTexts?.[index];
      return text ? { path: issue.path, message: writeError(text, locale) } : issue;
    });
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/**
 * A refusal of one field: the issue `text` at `path`, summed up as
 * "<path>: <text>" (`summary`), both in the asker's language.
 */
export function fieldError(
  code: ErrorCode,
  path: string,
  text: ErrorText,
  summary: ErrorKey = "generic.fieldInvalid",
): AppError {
  const written = (locale: Locale) => {
    const message = writeError(text, locale);
    return { message: writeError(errorText(summary, { path, message }), locale), issues: [{ path, message }] };
  };
  const english = written("en");
  return new AppError(code, english.message, { issues: english.issues, translate: written });
}

/** The envelope in the asker's language (English when the language is not known). */
export function errorBody(error: AppError, locale: Locale = "en"): ErrorBody {
  const issues = error.issuesIn(locale);
  return {
    ok: false,
    error: {
      code: error.code,
      message: error.messageIn(locale),
      ...(issues ? { issues } : {}),
      ...(error.resetsAt ? { resets_at: error.resetsAt.toISOString() } : {}),
    },
  };
}

export function errorResponse(error: AppError, request?: Request): Response {
  return Response.json(errorBody(error, request ? requestLocale(request) : "en"), {
    status: error.status,
    headers: error.headers,
  });
}
