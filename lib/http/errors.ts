// The one error type and the one error shape of every JSON endpoint
// (DESIGN §3): { ok: false, error: { code, message, issues? } }.

export const errorStatus = {
  bad_json: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  misdirected_request: 421,
  rate_limited: 429,
  internal: 500,
  upstream_failed: 502,
  unavailable: 503,
  upstream_timeout: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type ErrorIssue = { path: string; message: string };

export type ErrorBody = {
  ok: false;
  error: { code: ErrorCode; message: string; issues?: ErrorIssue[] };
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues?: ErrorIssue[];
  readonly headers?: Record<string, string>;

  /** `message` is shown to the caller: one sentence a person can act on. */
  constructor(
    code: ErrorCode,
    message: string,
    options: { issues?: ErrorIssue[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.issues = options.issues;
    this.headers = options.headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function errorBody(error: AppError): ErrorBody {
  return {
    ok: false,
    error: {
      code: error.code,
      message: error.message,
      ...(error.issues ? { issues: error.issues } : {}),
    },
  };
}

export function errorResponse(error: AppError): Response {
  return Response.json(errorBody(error), { status: error.status, headers: error.headers });
}
