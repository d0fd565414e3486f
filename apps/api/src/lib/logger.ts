import pino from 'pino';
import type { Bindings, ChildLoggerOptions } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
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

// Decision 0024: secrets never reach a logged URL; mailed links and this redaction share MAILED_LINK_PAGES.
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

// Decision 0023: the error log keeps a database error's codes and names, never its parameters or query text.
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

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger (`request.log`), made the first time something is logged at a level the logger
 * writes. Fastify makes one per request; pino's `child` runs the request id through the redaction of
 * every `*.` path, which cost each request more than signing it in from memory, for a logger that a
 * request logs nothing with at `warn` unless it fails. What it writes is what the child would have
 * written: the same bindings and options, the child made before the first line.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {
    // A route's own level: made at once, so that it decides what is written.
    if (options.level !== undefined) this.#made();
  }

  #made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  #write(level: LogLevel, args: LogArguments): void {
    if (this.#child === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.#made()[level] as (...args: LogArguments) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  fatal(...args: LogArguments) {
    this.#write('fatal', args);
  }
  error(...args: LogArguments) {
    this.#write('error', args);
  }
  warn(...args: LogArguments) {
    this.#write('warn', args);
  }
  info(...args: LogArguments) {
    this.#write('info', args);
  }
  debug(...args: LogArguments) {
    this.#write('debug', args);
  }
  trace(...args: LogArguments) {
    this.#write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

// Decision 0174: a request's logger is made only when it writes; a call at a level that is off costs one check.
/** Fastify's `childLoggerFactory`: each request's logger made only when it writes (see RequestLogger). */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger as ConstructorParameters<typeof RequestLogger>[0], bindings, options);
}
