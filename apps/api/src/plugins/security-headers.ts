import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

type CaptchaProvider = Config['captcha']['provider'];

/** What the reCAPTCHA widget loads: its script and its frame. ALTCHA runs from the app's own bundle. */
const RECAPTCHA_SOURCES = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

const BASE_DIRECTIVES = {
  defaultSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * Helmet's options; Google's hosts are allowed only when reCAPTCHA is the captcha provider. `scriptHashes`
 * (`'sha256-…'`) allow the web app's pages their inline scripts, each by its content.
 */
export function helmetOptions(captcha: CaptchaProvider, scriptHashes: string[] = []): HelmetOptions {
  const recaptcha = captcha === 'recaptcha';
  return {
    contentSecurityPolicy: {
      directives: {
        ...BASE_DIRECTIVES,
        // 'wasm-unsafe-eval' lets the lab's emulator compile WebAssembly; it allows no JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...scriptHashes, ...(recaptcha ? RECAPTCHA_SOURCES.script : [])],
        frameSrc: ["'self'", ...(recaptcha ? RECAPTCHA_SOURCES.frame : [])],
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/** Runs helmet's middleware once against a recording response and returns the headers it sets. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies…), computed once at start:
 * they are the same for every response, and running helmet's middleware per request was half the cost of
 * the cheapest route. A route may still override one (the SVG route sets its own sandboxing CSP).
 */
export const securityHeadersPlugin: FastifyPluginAsync = fp(async (app) => {
  const headers = helmetHeaders(helmetOptions(app.config.captcha.provider));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
