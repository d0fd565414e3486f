import { createHmac } from 'node:crypto';
import { ANSWER_FINGERPRINT_LENGTH } from '@bastion/contract';
import { normalizeAnswer } from '../../lib/answer-check.ts';

/**
 * A wrong answer's fingerprint: the first hex digits of an HMAC, under a key derived from the server's lab key, of
 * the item and the answer as answers are compared (trimmed, case folded). The same wrong answer to the same item
 * has the same fingerprint, whoever sent it; the answer cannot be read back, nor confirmed by guessing without the
 * key, and 32 bits leave countless answers behind each one (a near miss of a learner's own flag stays unknown).
 */
export function createAnswerFingerprint(serverKey: string): (itemId: string, answer: string) => string {
  const key = createHmac('sha256', serverKey).update('bastion answer fingerprint').digest();
  return (itemId, answer) =>
    createHmac('sha256', key)
      .update(`${itemId}\n${normalizeAnswer(answer, false)}`)
      .digest('hex')
      .slice(0, ANSWER_FINGERPRINT_LENGTH);
}
