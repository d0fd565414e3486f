import pino from 'pino';
import { describeDatabaseError } from './database-errors.ts';
import { MAILED_LINK_PAGES } from './mailed-links.ts';

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

/** A JSON Web Token (base64url of `{"…`), whatever the parameter that carries it is called. */
const JWT_SHAPED = /^eyJ[A-Za-z0-9_-]/;

/** A mailed link's page followed by anything (its uidb64 and token): the page is kept, the rest redacted. */
const MAILED_LINK_PATH = new RegExp(`/(${Object.values(MAILED_LINK_PAGES).join('|')})/.+`);

/**
 * A request URL as the log keeps it. A mailed link (verification, reset, unlock) carries its token in the
 * path; a link or a client may carry one in the query string, whatever its name's spelling.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart < 0 ? url : url.slice(0, queryStart)).replace(MAILED_LINK_PATH, '/$1/[redacted]');
  if (queryStart < 0) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return JWT_SHAPED.test(decoded(pair)) ? '[redacted]' : pair;
      const name = pair.slice(0, equals);
      const secret = SECRET_PARAMETER.test(decoded(name)) || JWT_SHAPED.test(decoded(pair.slice(equals + 1)));
      return secret ? `${name}=[redacted]` : pair;
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
