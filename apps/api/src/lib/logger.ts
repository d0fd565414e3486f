import pino from 'pino';

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

export function createLogger(level: string, stream?: NodeJS.WritableStream) {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // The URL of a verification or reset link carries its token: log paths without secrets.
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(/\/(verify-email|reset-password)\/[^?]*/, '/$1/[redacted]'),
        ip: req.ip,
      }),
    },
  };
  return stream ? pino(options, stream) : pino(options);
}
