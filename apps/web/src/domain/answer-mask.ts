import { answerFormatMismatch } from '@bastion/contract';

/** Characters as the learner sees them (code points), for the guide and the description. */
const chars = (text: string) => [...text];

/**
 * Why an answer does not fit the mask (R13, the server's rule), in words for the learner; null when
 * it fits or there is no mask. The server trims the answer before comparing, so this does too.
 */
export function answerFormatProblem(answer: string, mask: string | null | undefined): string | null {
  const given = answer.trim();
  if (given.length === 0) return 'Enter your answer.';
  if (!mask) return null;
  const mismatch = answerFormatMismatch(given, mask);
  if (!mismatch) return null;
  if (mismatch.kind === 'length') {
    return `The format ${mask} has ${mismatch.expected} characters; your answer has ${mismatch.given}.`;
  }
  return `Character ${mismatch.position} should be "${mismatch.expected}", as in the format ${mask}.`;
}

/** The mask with what has been typed so far laid over it: `10.2*.***.***` (a visual guide only). */
export function maskGuide(answer: string, mask: string): string {
  const given = chars(answer.trimStart());
  return chars(mask)
    .map((char, index) => given[index] ?? char)
    .join('');
}

/** A sentence describing the mask for the field's helper text and for screen readers. */
export function describeAnswerFormat(mask: string): string {
  const length = chars(mask).length;
  const literals = [...new Set(chars(mask).filter((char) => char !== '*'))];
  // A few literals are named; a longer text (a domain name, a flag's prefix) is read from the format itself.
  const fixed =
    literals.length === 0
      ? ''
      : literals.length <= 3
        ? `, with ${literals.map((c) => (c === ' ' ? 'spaces' : `"${c}"`)).join(' and ')} where shown`
        : ', the characters other than * as shown';
  return `${length} character${length === 1 ? '' : 's'}${fixed}. Each * stands for one character.`;
}
