/** Typed errors thrown by services; the error handler turns each into the contract's body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export class BadRequest extends AppError {
  constructor(detail: string) {
    super(400, { detail });
  }
}

/** `{"field": ["message"]}` per invalid field; `non_field_errors` for cross-field problems. */
export class ValidationFailed extends AppError {
  constructor(fields: Record<string, string[]>) {
    super(400, fields);
  }
}

export class Unauthorized extends AppError {
  constructor(
    detail: string,
    code: 'token_not_valid' | 'not_authenticated' | 'authentication_failed' = 'not_authenticated',
  ) {
    super(401, { detail, code });
  }
}

export class Forbidden extends AppError {
  constructor(detail = 'You do not have permission to perform this action.', extra: Record<string, unknown> = {}) {
    super(403, { detail, ...extra });
  }
}

export class NotFound extends AppError {
  /** `detail`: for an operator naming something (a username, a code) that does not exist. */
  constructor(detail = 'Not found.') {
    super(404, { detail });
  }
}

export class Conflict extends AppError {
  constructor(detail: string) {
    super(409, { detail });
  }
}

export class Throttled extends AppError {
  constructor(retryAfterSeconds: number, detail = 'Request was throttled. Please try again later.') {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, { detail }, { 'retry-after': String(seconds) });
  }
}

export class ServiceUnavailable extends AppError {
  constructor(detail: string, retryAfterSeconds?: number) {
    super(503, { detail }, retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : {});
  }
}

/** How long a client should wait before trying again while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export class DatabaseUnavailable extends ServiceUnavailable {
  constructor() {
    super('The service is temporarily unavailable. Please try again in a moment.', DATABASE_RETRY_AFTER_SECONDS);
  }
}
