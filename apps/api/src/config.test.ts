import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shippedContentDir } from '@bastion/content';
import { appUrlMismatch, ConfigError, loadConfig, paymentsNotice } from './config.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'bastion-config-'));
/** What `openssl rand -base64 48` prints. */
const SECRET = 'q8Vh2x+TnL0cR7yWm3KdZ5sPj9bFa1GuE6oYiN4tXwBv/CeHrMgQlUkSzD7fJ2pA';

describe('loadConfig', () => {
  it('has working defaults for the embedded setup', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:8000',
      databaseUrl: undefined,
      accessTokenTtlSeconds: 3600,
      refreshTokenTtlSeconds: 7 * 86_400,
      captcha: { provider: 'altcha' },
      stripe: undefined,
      seedDemo: true,
      supportEmail: 'support@localhost',
    });
  });

  it('imports the shipped content/ unless CONTENT_DIR names another folder, resolved from where it starts', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).contentDir).toBe(shippedContentDir);
    expect(loadConfig({ DATA_DIR: tmp(), CONTENT_DIR: 'school/content' }).contentDir).toBe(
      path.resolve('school/content'),
    );
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = tmp();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'secrets', 'jwt-secret'), 'utf8')).toBe(first);
    expect(readdirSync(path.join(dataDir, 'secrets'))).toEqual(['jwt-secret']);
  });

  it('defaults APP_URL to the address served, so links follow PORT', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '8301' }).appUrl).toBe('http://localhost:8301');
    expect(loadConfig({ DATA_DIR: tmp(), HOST: '0.0.0.0', PORT: '9000' }).appUrl).toBe('http://localhost:9000');
    expect(loadConfig({ DATA_DIR: tmp(), HOST: '10.0.0.5' }).appUrl).toBe('http://10.0.0.5:8000');
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '8301', APP_URL: 'https://bastion.example.com/' }).appUrl).toBe(
      'https://bastion.example.com',
    );
  });

  it('says when a local APP_URL names another port than the one served', () => {
    expect(appUrlMismatch('http://localhost:8000', { port: 8301 })).toMatch(
      /^APP_URL is http:\/\/localhost:8000 but the server listens on port 8301/,
    );
    expect(appUrlMismatch('http://localhost:8301', { port: 8301 })).toBeNull();
    expect(appUrlMismatch('http://127.0.0.1', { port: 80 })).toBeNull();
    // Behind a proxy the public name and the listen port differ on purpose.
    expect(appUrlMismatch('https://bastion.example.com', { port: 8000 })).toBeNull();
  });

  it('takes community links as https addresses only, each optional', () => {
    const config = loadConfig({ DATA_DIR: tmp(), DISCORD_URL: 'https://discord.gg/abc' });
    expect(config.community).toEqual({
      discord: 'https://discord.gg/abc',
      telegram: null,
      x: null,
      instagram: null,
      linkedin: null,
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), TELEGRAM_URL: 'http://t.me/x' })).toThrow(
      /TELEGRAM_URL: use an https:\/\/ address/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), X_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
  });

  it("takes DATABASE_OWNER_URL, the owner that migrates, only with a PostgreSQL DATABASE_URL (the server's role)", () => {
    const owner = 'postgres://owner:secret@db.internal/bastion';
    const server = 'postgres://server:secret@db.internal/bastion';
    const config = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: server, DATABASE_OWNER_URL: owner });
    expect(config).toMatchObject({ databaseUrl: server, databaseOwnerUrl: owner });
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: server }).databaseOwnerUrl).toBeUndefined();
    for (const env of [
      { DATABASE_OWNER_URL: owner },
      { DATABASE_URL: 'pglite://memory', DATABASE_OWNER_URL: owner },
      { DATABASE_URL: server, DATABASE_OWNER_URL: 'mysql://owner@db/bastion' },
    ]) {
      expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(/DATABASE_OWNER_URL: /);
    }
  });

  it('tells the operator at start how learners get Premium without Stripe', () => {
    const plain = loadConfig({ DATA_DIR: tmp(), SUPPORT_EMAIL: 'help@example.com' });
    const notice = paymentsNotice(plain);
    expect(notice).toMatch(/^Online payments are off/);
    expect(notice).toContain('help@example.com');
    expect(notice).toContain('coupon create --code <CODE> --premium-days N');
    expect(notice).toContain('docs/operations.md');
    const stripe = { secretKey: 'sk', webhookSecret: 'wh', priceId: 'price' };
    expect(paymentsNotice({ ...plain, stripe })).toBeNull();
  });

  it('lists every bad value in one clear message', () => {
    const attempt = () =>
      loadConfig({ DATA_DIR: tmp(), PORT: 'eighty', DATABASE_URL: 'mysql://x', ACCESS_TOKEN_TTL: '5 minutes' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*ACCESS_TOKEN_TTL|PORT[\s\S]*ACCESS_TOKEN_TTL[\s\S]*DATABASE_URL/,
    );
  });

  it('requires JWT_SECRET in production and turns demo data off there', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' };
    expect(() => loadConfig({ DATA_DIR: tmp(), ...production })).toThrow(/JWT_SECRET/);
    const config = loadConfig({ DATA_DIR: tmp(), ...production, JWT_SECRET: SECRET });
    expect(config.seedDemo).toBe(false);
    expect(config.mailTransport).toBe('smtp');
  });

  it('refuses a JWT_SECRET that is obviously easy to guess, whatever its length, and says why', () => {
    const weak: [string, RegExp][] = [
      ['a'.repeat(32), /fewer than 8 different characters/],
      ['a'.repeat(64), /fewer than 8 different characters/],
      ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab', /fewer than 8 different characters/],
      ['0123456789abcdef'.repeat(2), /16 characters repeated/],
      ['changeme-'.repeat(4), /9 characters repeated/],
      ['abcdefghijklmnopqrstuvwxyz012345', /runs of repeated or consecutive characters/],
      ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaq3x9k2m7zw', /runs of repeated or consecutive characters/],
    ];
    for (const [secret, reason] of weak) {
      const attempt = () => loadConfig({ DATA_DIR: tmp(), JWT_SECRET: secret });
      expect(attempt, secret).toThrow(ConfigError);
      expect(attempt, secret).toThrow(/JWT_SECRET: too easy to guess/);
      expect(attempt, secret).toThrow(reason);
      expect(attempt, secret).toThrow(/openssl rand -base64 48/);
    }
    // Random values pass, the shortest allowed (32 hexadecimal digits: 128 bits) included, as do the test suites'.
    for (const secret of [
      SECRET,
      '9f86d081884c7d659a2feaa0c55ad015',
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'test-secret-that-is-long-enough-for-hs256-signing',
      'bench-lab-start-secret-0123456789abcdef',
    ]) {
      expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: secret }).jwtSecret, secret).toBe(secret);
    }
  });

  it('refuses production without a mail server unless the outbox is chosen explicitly', () => {
    const production = { DATA_DIR: tmp(), NODE_ENV: 'production', JWT_SECRET: SECRET };
    const attempt = () => loadConfig(production);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/SMTP_URL: required when NODE_ENV=production[\s\S]*MAIL_TRANSPORT=outbox/);
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'outbox' }).mailTransport).toBe('outbox');
  });

  it('writes mail to the outbox by default outside production, and checks MAIL_TRANSPORT against SMTP_URL', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).mailTransport).toBe('outbox');
    expect(loadConfig({ DATA_DIR: tmp(), SMTP_URL: 'smtp://127.0.0.1:25' }).mailTransport).toBe('smtp');
    expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL: required/);
    expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_TRANSPORT: 'outbox', SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(
      /MAIL_TRANSPORT/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_TRANSPORT: 'pigeon' })).toThrow(/MAIL_TRANSPORT/);
  });

  it('serves the API docs outside production, and in production only with API_DOCS on', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: SECRET, MAIL_TRANSPORT: 'outbox' };
    expect(loadConfig({ DATA_DIR: tmp() }).apiDocs).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), ...production }).apiDocs).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), ...production, API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(() => loadConfig({ DATA_DIR: tmp(), API_DOCS: 'maybe' })).toThrow(/API_DOCS/);
  });

  it('requires the reCAPTCHA keys with the recaptcha provider and all Stripe keys or none', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(/RECAPTCHA_SITE_KEY/);
    expect(() => loadConfig({ DATA_DIR: tmp(), STRIPE_SECRET_KEY: 'sk_test' })).toThrow(/STRIPE/);
  });

  it('parses durations and rate-limit overrides', () => {
    const config = loadConfig({ DATA_DIR: tmp(), ACCESS_TOKEN_TTL: '15m', RATE_LIMIT_SIGNUP_IP: '3/1h' });
    expect(config.accessTokenTtlSeconds).toBe(900);
    expect(config.rateLimits.SIGNUP_IP).toEqual({ points: 3, durationSeconds: 3600 });
    expect(() => loadConfig({ DATA_DIR: tmp(), RATE_LIMIT_LOGIN_IP: 'lots' })).toThrow(/RATE_LIMIT_LOGIN_IP/);
  });
});

describe('LAB_SECRET_KEY', () => {
  it('is derived from the JWT secret when unset, taken as given otherwise, and refused when guessable', () => {
    const derived = loadConfig({ DATA_DIR: tmp(), JWT_SECRET: SECRET }).labSecretKey;
    expect(derived).not.toBe(SECRET);
    expect(derived.length).toBeGreaterThanOrEqual(32);
    // Every instance with the same JWT secret derives the same key, so every instance renders the same flags.
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: SECRET }).labSecretKey).toBe(derived);
    const own = 'q8Zt3VwX1mN5pR7sK2yB4cD6fG9hJ0lE';
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: SECRET, LAB_SECRET_KEY: own }).labSecretKey).toBe(own);
    expect(() => loadConfig({ DATA_DIR: tmp(), JWT_SECRET: SECRET, LAB_SECRET_KEY: 'a'.repeat(40) })).toThrow(
      /LAB_SECRET_KEY: too easy to guess/,
    );
  });
});
