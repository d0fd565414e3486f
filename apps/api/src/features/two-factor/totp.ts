import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30-second steps. */
const PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Codes of the step before and after the current one are accepted too (clock drift, typing time). */
const WINDOW_STEPS = 1;
const ISSUER = 'Bastion';

/** A new random key (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpKey(): string {
  return new Secret({ size: 20 }).base32;
}

/** What an authenticator app needs: the otpauth URL and the same as an SVG QR code. */
export function enrollment(keyBase32: string, username: string) {
  const totp = new TOTP({ ...PARAMETERS, issuer: ISSUER, label: username, secret: Secret.fromBase32(keyBase32) });
  const url = totp.toString();
  return { otpauth_url: url, qr_svg: renderSVG(url, { ecc: 'M', border: 2 }) };
}

/** The time step (30-second counter) whose code this is, within one step of `now`; null when it matches none. */
export function matchingStep(keyBase32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    ...PARAMETERS,
    token: code,
    secret: Secret.fromBase32(keyBase32),
    timestamp,
    window: WINDOW_STEPS,
  });
  return delta === null ? null : TOTP.counter({ period: PARAMETERS.period, timestamp }) + delta;
}
