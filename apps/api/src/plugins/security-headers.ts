import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

type CaptchaProvider = Config['captcha']['provider'];

/**
 * What a request arrived over, as Fastify's `request.protocol` says: the socket's own, or with `TRUST_PROXY` on the
 * proxy's `X-Forwarded-Proto` (deploy/nginx/bastion.conf sets it to the scheme the learner used).
 */
export type Transport = 'https' | 'http';

/** The transport of a request: only an explicit `https` counts as TLS. */
export function transportOf(request: { protocol: string | undefined }): Transport {
  return request.protocol === 'https' ? 'https' : 'http';
}

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

// Decision 0026: captcha hosts are in the CSP only when that provider is configured; ALTCHA needs only 'self'.
/**
 * Helmet's options; Google's hosts are allowed only when reCAPTCHA is the captcha provider. `scriptHashes`
 * (`'sha256-…'`) allow the web app's pages their inline scripts, each by its content. `transport` is what the
 * response's request arrived over; only `upgrade-insecure-requests` depends on it.
 */
export function helmetOptions(
  captcha: CaptchaProvider,
  scriptHashes: string[] = [],
  transport: Transport = 'https',
): HelmetOptions {
  const recaptcha = captcha === 'recaptcha';
  return {
    contentSecurityPolicy: {
      directives: {
        ...BASE_DIRECTIVES,
        // 'wasm-unsafe-eval' lets the lab's emulator compile WebAssembly; it allows no JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...scriptHashes, ...(recaptcha ? RECAPTCHA_SOURCES.script : [])],
        frameSrc: ["'self'", ...(recaptcha ? RECAPTCHA_SOURCES.frame : [])],
        // Sent only with a page that arrived over TLS. WebKit (Safari) upgrades every request of a page served over
        // plain HTTP too, http://localhost's own included (Chromium and Firefox exempt a loopback host), so on
        // `npm start` its scripts and API calls went to https://localhost and failed ("Load failed"); it then kept
        // upgrading that origin's requests for the rest of the browsing session, whatever later pages sent. Over
        // plain HTTP the directive protects nothing: the page itself is not encrypted. Over TLS the web app's
        // requests are all same-origin, so it only upgrades an http:// address written in content.
        upgradeInsecureRequests: transport === 'https' ? [] : null,
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

// Decision 0207: upgrade-insecure-requests is sent over TLS only; the policy keeps no unsafe-eval.
/** Helmet's headers for each transport, computed once from the options `transport` gives. */
export function headersByTransport(
  options: (transport: Transport) => HelmetOptions,
): Record<Transport, Record<string, string>> {
  return { https: helmetHeaders(options('https')), http: helmetHeaders(options('http')) };
}

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies…), computed once at start, one set
 * per transport (see helmetOptions): they are otherwise the same for every response, and running helmet's
 * middleware per request was half the cost of the cheapest route. A route may still override one (the SVG route
 * sets its own sandboxing CSP).
 */
export const securityHeadersPlugin: FastifyPluginAsync = fp(async (app) => {
  const headers = headersByTransport((transport) => helmetOptions(app.config.captcha.provider, [], transport));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers[transportOf(request)]);
    done();
  });
});
