import pino from 'pino';
import { describeDatabaseError } from './database-errors.ts';

/** Paths never written to the log: credentials, tokens and captcha solutions. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password1',
  '*.password2',
  '*.old_password',
  '*.new_password1',
  '*.new_password2',
  '*.refresh',
  '*.access',
  '*.token',
  '*.recaptchaToken',
];

/**
 * Query parameters whose value is written as `[redacted]`: any name holding one of these words (`token`,
 * `access_token`, `refresh`, `code`, `password`, `secret`, `api_key`, `signature`, `uidb64`, `ticket`…).
 */
const SECRET_PARAMETER = /token|refresh|access|code|pass|secret|key|sig|uid|ticket|session|auth|otp|state/i;

/**
 * A request URL as the log keeps it. A verification or reset link carries its token in the path; a link
 * or a client may carry one in the query string, whatever its name's spelling.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart < 0 ? url : url.slice(0, queryStart)).replace(
    /\/(verify-email|reset-password)\/.*/,
    '/$1/[redacted]',
  );
  if (queryStart < 0) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SECRET_PARAMETER.test(decoded(name)) ? `${name}=[redacted]` : pair;
    });
  return `${path}?${query.join('&')}`;
}

function decoded(component: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return component;
  }
}

/** Errors as pino writes them, except that a database error keeps no value it was given (see describeDatabaseError). */
export function serializeError(error: unknown): unknown {
  const database = describeDatabaseError(error);
  if (database) return database;
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  // A response serialisation error names the request URL.
  if (typeof serialized.url === 'string') serialized.url = redactUrl(serialized.url);
  return serialized;
}

export function createLogger(level: string, stream?: NodeJS.WritableStream) {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
      err: serializeError,
    },
  };
  return stream ? pino(options, stream) : pino(options);
}
