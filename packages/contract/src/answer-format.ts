// Decision 0011: one home for each rule; the answer-mask rule lives here for content and the quiz form.
/**
 * Answer formats (R13): a mask such as `***.***.***.***` shown to the learner, where `*` stands for
 * any one character and every other character must appear as written (letters case-insensitively unless
 * the quiz is case-sensitive). Characters are counted as code points, not UTF-16 units.
 */
export type AnswerFormatMismatch =
  { kind: 'length'; expected: number; given: number } | { kind: 'character'; position: number; expected: string };

/** Where an answer departs from the mask, or null when it fits. The answer is compared as given. */
export function answerFormatMismatch(answer: string, mask: string, caseSensitive = false): AnswerFormatMismatch | null {
  const given = [...answer];
  const expected = [...mask];
  if (given.length !== expected.length) return { kind: 'length', expected: expected.length, given: given.length };
  const same = (a: string, b: string) => (caseSensitive ? a === b : a.toLowerCase() === b.toLowerCase());
  const index = expected.findIndex((char, i) => char !== '*' && !same(given[i]!, char));
  return index < 0 ? null : { kind: 'character', position: index + 1, expected: expected[index]! };
}

export function fitsAnswerFormat(answer: string, mask: string, caseSensitive = false): boolean {
  return answerFormatMismatch(answer, mask, caseSensitive) === null;
}
