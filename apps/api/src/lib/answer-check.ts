// Decision 0049: quiz answers are compared normalised, in constant time, against every accepted answer.
import { createHash, timingSafeEqual } from 'node:crypto';

/** Trimmed (and lower-cased unless the content is case-sensitive), in one Unicode normal form. */
export function normalizeAnswer(value: string, caseSensitive: boolean): string {
  const trimmed = value.normalize('NFC').trim();
  return caseSensitive ? trimmed : trimmed.toLowerCase();
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether `given` is one of the accepted answers. Compares fixed-length digests with timingSafeEqual
 * and checks every candidate, so the time taken says nothing about how close a guess was or which
 * accepted answer it matched.
 */
export function answerMatches(given: string, accepted: readonly string[], caseSensitive: boolean): boolean {
  const guess = digest(normalizeAnswer(given, caseSensitive));
  let matched = false;
  for (const candidate of accepted) {
    const equal = timingSafeEqual(guess, digest(normalizeAnswer(candidate, caseSensitive)));
    matched = equal || matched;
  }
  return matched;
}
