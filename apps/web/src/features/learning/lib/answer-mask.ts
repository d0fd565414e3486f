/**
 * Answer formats (contract §4): a mask such as `***.***.***.***` where `*` stands for any one character
 * and every other character must appear as written (letters compared case-insensitively, as the server
 * does unless a quiz is case-sensitive). The server trims the answer before comparing, so this does too.
 */
const chars = (text: string) => [...text];

/** Why an answer does not fit the mask, in words for the learner; null when it fits (or there is no mask). */
export function answerFormatProblem(answer: string, mask: string | null | undefined): string | null {
  const given = chars(answer.trim());
  if (given.length === 0) return 'Enter your answer.';
  if (!mask) return null;
  const expected = chars(mask);
  if (given.length !== expected.length) {
    return `The format ${mask} has ${expected.length} characters; your answer has ${given.length}.`;
  }
  for (let index = 0; index < expected.length; index += 1) {
    const want = expected[index] as string;
    const got = given[index] as string;
    if (want !== '*' && want.toLowerCase() !== got.toLowerCase()) {
      return `Character ${index + 1} should be "${want}", as in the format ${mask}.`;
    }
  }
  return null;
}

export function matchesAnswerFormat(answer: string, mask: string | null | undefined): boolean {
  return answerFormatProblem(answer, mask) === null;
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
  const fixed =
    literals.length > 0
      ? `, with ${literals.map((c) => (c === ' ' ? 'spaces' : `"${c}"`)).join(' and ')} where shown`
      : '';
  return `${length} character${length === 1 ? '' : 's'}${fixed}. Each * stands for one character.`;
}
