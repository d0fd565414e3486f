import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { shippedContentDir } from '@bastion/content';
import type { CommunityNetwork } from '@bastion/contract';
import { weakSecretReason } from './lib/secret-strength.ts';

const duration = z
  .string()
  .regex(/^\d+(s|m|h|d)$/, 'use a number followed by s, m, h or d, e.g. 60m')
  .transform(parseDuration);
const bool = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));
/** A community or social page: an https address (shown to every visitor, so nothing else). */
const pageUrl = z.url({ protocol: /^https$/, error: 'use an https:// address' });
const rateLimit = z.string().regex(/^\d+\/\d+(s|m|h|d)$/, 'use <count>/<window>, e.g. 20/1h');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url().optional(),
  CORS_ORIGINS: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|pglite:\/\/memory$)/, 'use postgres://…, postgresql://… or pglite://memory')
    .optional(),
  /** The tables' owner, which migrates, when DATABASE_URL is the server's role that owns nothing (decision 0187). */
  DATABASE_OWNER_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'use postgres://… or postgresql://…')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATA_DIR_LOCK_TIMEOUT: duration.default(30),
  CONTENT_DIR: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'use redis://… or rediss://…')
    .optional(),
  JWT_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  /** The key each learner's lab secrets are derived with (decision 0197); unset: derived from the JWT secret. */
  LAB_SECRET_KEY: z.string().min(32, 'use at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: duration.default(3600),
  REFRESH_TOKEN_TTL: duration.default(7 * 86_400),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'use smtp://user:pass@host:port')
    .optional(),
  MAIL_TRANSPORT: z.enum(['smtp', 'outbox']).optional(),
  MAIL_FROM: z.string().min(3).default('Bastion <no-reply@localhost>'),
  // Decision 0093: the support address and community links are server settings, served by /api/config/.
  SUPPORT_EMAIL: z.email().default('support@localhost'),
  DISCORD_URL: pageUrl.optional(),
  TELEGRAM_URL: pageUrl.optional(),
  X_URL: pageUrl.optional(),
  INSTAGRAM_URL: pageUrl.optional(),
  LINKEDIN_URL: pageUrl.optional(),
  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha']).default('altcha'),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
  SEED_DEMO: bool.optional(),
  REQUIRE_2FA_FOR_STAFF: bool.default(false),
  API_DOCS: bool.optional(),
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN must be at least 24 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  corsOrigins: string[];
  databaseUrl?: string;
  /** The owner that migrates and grants DATABASE_URL's role its rights; unset: DATABASE_URL's role does both. */
  databaseOwnerUrl?: string;
  dataDir: string;
  /** How long the server or a CLI command waits for another process to release the embedded database. */
  dataDirLockTimeoutSeconds: number;
  /** The content folder imported at every start, which the console's content page validates and re-imports. */
  contentDir: string;
  redisUrl?: string;
  jwtSecret: string;
  /** Each learner's flags, passwords and keys in a lab are HMACs with this key (decision 0197). */
  labSecretKey: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** `smtp` sends through SMTP_URL; `outbox` writes each mail as an .eml file to DATA_DIR/outbox/. */
  mailTransport: 'smtp' | 'outbox';
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  /** The operator's community channels and social pages; each unset one is hidden in the web app. */
  community: Record<CommunityNetwork, string | null>;
  captcha: { provider: 'altcha' | 'recaptcha'; siteKey?: string; secretKey?: string };
  stripe?: { secretKey: string; webhookSecret: string; priceId: string };
  seedDemo: boolean;
  /** Staff accounts must turn on two-factor sign-in before any route but the few that let them do so. */
  requireTwoFactorForStaff: boolean;
  /** Serve the OpenAPI document and its viewer under /api/docs (off in production unless API_DOCS is on). */
  apiDocs: boolean;
  /** The bearer token Prometheus presents to GET /api/metrics/; null: the endpoint answers 404. */
  metricsToken: string | null;
  logLevel: string;
  trustProxy: boolean;
  webDist?: string;
  /** RATE_LIMIT_<NAME>=<count>/<window> overrides, by name. */
  rateLimits: Record<string, { points: number; durationSeconds: number }>;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const rateLimits: Config['rateLimits'] = {};
  for (const [key, value] of Object.entries(cleaned)) {
    if (!key.startsWith('RATE_LIMIT_') || value === undefined) continue;
    const check = rateLimit.safeParse(value);
    if (!check.success) {
      problems.push(`${key}: use <count>/<window>, e.g. 20/1h`);
      continue;
    }
    const [count, window] = value.split('/') as [string, string];
    rateLimits[key.slice('RATE_LIMIT_'.length)] = { points: Number(count), durationSeconds: parseDuration(window) };
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const errors: string[] = [];
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) errors.push('JWT_SECRET: required when NODE_ENV=production');
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL?.startsWith('postgres')) {
    errors.push(
      "DATABASE_OWNER_URL: goes with a PostgreSQL DATABASE_URL (the server's role); the embedded database needs none",
    );
  }
  const weakJwtSecret = e.JWT_SECRET ? weakSecretReason(e.JWT_SECRET) : null;
  if (weakJwtSecret) {
    errors.push(`JWT_SECRET: too easy to guess (${weakJwtSecret}); use a random value, e.g. openssl rand -base64 48`);
  }
  const weakLabKey = e.LAB_SECRET_KEY ? weakSecretReason(e.LAB_SECRET_KEY) : null;
  if (weakLabKey) {
    errors.push(`LAB_SECRET_KEY: too easy to guess (${weakLabKey}); use a random value, e.g. openssl rand -base64 48`);
  }
  errors.push(...mailTransportProblems(e));
  if (e.CAPTCHA_PROVIDER === 'recaptcha' && (!e.RECAPTCHA_SITE_KEY || !e.RECAPTCHA_SECRET_KEY)) {
    errors.push('RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY: required when CAPTCHA_PROVIDER=recaptcha');
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_PRICE_ID].filter(Boolean).length;
  if (stripeKeys !== 0 && stripeKeys !== 3) {
    errors.push('STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID: set all three or none');
  }
  if (errors.length > 0) throw new ConfigError(`Invalid configuration:\n  ${errors.join('\n  ')}`);

  const dataDir = path.resolve(e.DATA_DIR);
  const jwtSecret = e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? servedUrl(e.HOST, e.PORT)).replace(/\/+$/, ''),
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    dataDir,
    dataDirLockTimeoutSeconds: e.DATA_DIR_LOCK_TIMEOUT,
    contentDir: e.CONTENT_DIR ? path.resolve(e.CONTENT_DIR) : shippedContentDir,
    redisUrl: e.REDIS_URL,
    jwtSecret,
    labSecretKey: e.LAB_SECRET_KEY ?? createHmac('sha256', jwtSecret).update('bastion lab secrets').digest('base64url'),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    mailTransport: e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'outbox'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    community: {
      discord: e.DISCORD_URL ?? null,
      telegram: e.TELEGRAM_URL ?? null,
      x: e.X_URL ?? null,
      instagram: e.INSTAGRAM_URL ?? null,
      linkedin: e.LINKEDIN_URL ?? null,
    },
    captcha: { provider: e.CAPTCHA_PROVIDER, siteKey: e.RECAPTCHA_SITE_KEY, secretKey: e.RECAPTCHA_SECRET_KEY },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_ID
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, priceId: e.STRIPE_PRICE_ID }
        : undefined,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    requireTwoFactorForStaff: e.REQUIRE_2FA_FOR_STAFF,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    metricsToken: e.METRICS_TOKEN ?? null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST,
    rateLimits,
  };
}

/**
 * Outbox mail is never delivered: in production its links would only reach whoever reads DATA_DIR,
 * so production needs SMTP_URL unless the operator chooses the outbox explicitly.
 */
function mailTransportProblems(e: z.output<typeof envSchema>): string[] {
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) return ['SMTP_URL: required when MAIL_TRANSPORT=smtp'];
  if (e.MAIL_TRANSPORT === 'outbox' && e.SMTP_URL) {
    return ['MAIL_TRANSPORT: outbox does not go with SMTP_URL; unset one of them'];
  }
  if (e.NODE_ENV === 'production' && !e.SMTP_URL && e.MAIL_TRANSPORT !== 'outbox') {
    return [
      'SMTP_URL: required when NODE_ENV=production (without it no mail is delivered); ' +
        'set MAIL_TRANSPORT=outbox to only write mail to DATA_DIR/outbox/ instead',
    ];
  }
  return [];
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '0.0.0.0', '::', '::1', '[::1]'];

/** The address a browser on this machine reaches the server at: the default APP_URL. */
export function servedUrl(host: string, port: number): string {
  const name = LOCAL_HOSTS.includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Why links would point elsewhere than the server: APP_URL names this machine but another port (behind a
 * proxy APP_URL is a public name, and a differing port is expected). Null when they agree.
 */
export function appUrlMismatch(appUrl: string, listening: { port: number }): string | null {
  const url = new URL(appUrl);
  if (!LOCAL_HOSTS.includes(url.hostname)) return null;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (port === listening.port) return null;
  return `APP_URL is ${appUrl} but the server listens on port ${listening.port}: links in mail and on certificates point at APP_URL. Set APP_URL to the address learners use.`;
}

/**
 * Without Stripe the premium plan cannot be bought online: the operator is told at start how learners
 * get it instead (docs/operations.md, "Premium without online payments").
 */
export function paymentsNotice(config: Pick<Config, 'stripe' | 'supportEmail'>): string | null {
  if (config.stripe) return null;
  return [
    'Online payments are off (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID are unset).',
    `Learners who want Premium are pointed to ${config.supportEmail} (SUPPORT_EMAIL) and to upgrade codes:`,
    'grant it with `npm run cli -- user grant-premium <username> --days N`, or hand out a code made with',
    '`npm run cli -- coupon create --code <CODE> --premium-days N`. See docs/operations.md.',
  ].join(' ');
}

function parseDuration(text: string): number {
  const unit = text.slice(-1);
  const value = Number(text.slice(0, -1));
  const factor = { s: 1, m: 60, h: 3600, d: 86_400 }[unit] ?? 1;
  return value * factor;
}

/** A secret generated once and kept in DATA_DIR, so tokens survive restarts without configuration. */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written aside, then linked into place: of processes starting together, the first link wins and the
  // others read its secret, never a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, 'utf8').trim();
}
