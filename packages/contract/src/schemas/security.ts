import { z } from 'zod';
import { tokenPair } from './accounts.ts';
import { line } from './text.ts';

/**
 * Two-factor sign-in (TOTP, RFC 6238, with single-use recovery codes), the learner's signed-in sessions
 * and the mailed account unlock. Accounts without two-factor sign-in keep the login call of R12.
 */

/** A 6-digit authenticator code, or a recovery code (`xxxx-xxxx`, hyphen optional, any case). */
export const TWO_FACTOR_CODE_PATTERN = /^(\d{6}|[a-z0-9]{4}-?[a-z0-9]{4})$/i;
const code = line()
  .trim()
  .max(32)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(TWO_FACTOR_CODE_PATTERN, 'Enter the 6-digit code from your app or a recovery code.'));
const totpCode = line()
  .trim()
  .max(32)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** What `POST /api/users/login/` answers instead of tokens when the account has two-factor sign-in. */
export const twoFactorChallenge = z.object({
  two_factor_required: z.literal(true),
  /** Short-lived, single-use ticket for the second step. */
  ticket: z.string(),
  /** Seconds the ticket stays valid. */
  expires_in: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

/** What `POST /api/users/login/` answers: the token pair, or the challenge for an account with two-factor sign-in. */
export const loginAnswer = z.union([tokenPair, twoFactorChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** `POST /api/users/login/2fa/` → `200 {access, refresh}`. */
export const loginSecondStepBody = z.strictObject({
  ticket: line().min(1).max(1024),
  code,
});
export type LoginSecondStepBody = z.input<typeof loginSecondStepBody>;

/** `GET /api/users/2fa/`. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** The operator requires two-factor sign-in for this account (staff, with `REQUIRE_2FA_FOR_STAFF`). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** `POST /api/users/2fa/setup/`: a new secret, pending until confirmed. */
export const twoFactorSetup = z.object({
  /** Base32 key for typing into an authenticator app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as an SVG QR code (markup). */
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

const currentPassword = line().min(1).max(128);

/**
 * `POST /api/users/2fa/setup/ {password}`: the current password, so a bearer token alone can neither start
 * an enrollment nor replace a pending key.
 */
export const twoFactorSetupBody = z.preprocess(
  // A call without a body (as before the password was asked) is told which field is missing.
  (value) => value ?? {},
  z.strictObject({ password: currentPassword }),
);
export type TwoFactorSetupBody = z.infer<typeof twoFactorSetupBody>;

/**
 * `POST /api/users/2fa/confirm/ {password, code}` → the recovery codes, shown once. The current password is
 * required as for turning it off: a bearer token alone must not bind someone else's authenticator.
 */
export const twoFactorConfirmBody = z.strictObject({ password: currentPassword, code: totpCode });
export type TwoFactorConfirmBody = z.input<typeof twoFactorConfirmBody>;
export const recoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

/** `POST /api/users/2fa/disable/` and `POST /api/users/2fa/recovery-codes/` (new set). */
export const twoFactorProofBody = z.strictObject({ password: currentPassword, code });
export type TwoFactorProofBody = z.input<typeof twoFactorProofBody>;

/** `GET /api/users/sessions/`: the learner's live sessions, newest activity first. */
export const signedInSession = z.object({
  id: z.uuid(),
  /** e.g. "Chrome 131 on Linux"; "Unknown device" when the user agent says nothing useful. */
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_active: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSession>;
export const signedInSessions = z.array(signedInSession);

/** `DELETE /api/users/sessions/{id}/` and `POST /api/users/sessions/revoke-others/`. */
export const sessionsRevoked = z.object({ detail: z.string(), revoked: z.number().int() });
export type SessionsRevoked = z.infer<typeof sessionsRevoked>;

/** `POST /api/users/unlock/ {uidb64, token}`: the mailed link that lets the owner of a locked account back in. */
export const unlockAccountBody = z.strictObject({
  uidb64: line().min(1).max(200),
  token: line().min(1).max(400),
});
