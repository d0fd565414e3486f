import { createHmac, randomBytes } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32: no i, l, o or u, so nothing reads as something else; 32 symbols, 5 bits each. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 8;

/** Ten new codes, `xxxx-xxxx`, 40 random bits each. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    // 256 is a multiple of 32: taking each byte modulo 32 favours no symbol.
    const symbols = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte % 32]).join('');
    codes.add(`${symbols.slice(0, 4)}-${symbols.slice(4)}`);
  }
  return [...codes];
}

/** A typed code in its stored form (lowercase, no hyphen, look-alikes read as Crockford does), or null. */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

// Decision 0039: random single-use codes, so HMAC-SHA-256 (not argon2); one UPDATE … RETURNING consumes a code.
/**
 * A keyed hash (HMAC-SHA-256) of a normalised code: the codes are random, not chosen by people, so a slow
 * password hash buys nothing, and a deterministic hash lets one UPDATE find and consume a code atomically.
 */
export function createRecoveryCodeHasher(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('bastion:two-factor:recovery-codes').digest();
  return (normalized: string) => createHmac('sha256', key).update(normalized).digest('base64url');
}
export type RecoveryCodeHasher = ReturnType<typeof createRecoveryCodeHasher>;
