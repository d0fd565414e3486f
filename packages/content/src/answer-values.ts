import type { Problem } from './content.model.ts';
import { usesSecrets } from './lab-secrets.ts';

/**
 * The fewest values an answer may take. Answers are throttled per minute, not charged, so an answer with fewer
 * values falls to trying them all: a two-digit count in a few minutes.
 */
export const MIN_ANSWER_VALUES = 1000;

/**
 * How many values a guesser must consider for `answer`, assuming they know its length (`answer_format` often
 * tells it) and the kind of characters it is made of:
 *
 * - Characters the mask writes out (`SUP-` in `SUP-****`, `10.20.0.` in `10.20.0.**`) are given, not guessed; the
 *   rest are the free characters.
 * - Free characters that are all digits are a number: 9 × 10^(n-1) numbers have n digits (a number does not start
 *   with 0), so any number under 1,000 is small ("14": 90, "443": 900). Digits that start with 0 are a code of a
 *   fixed width (a PIN, a mode such as 0640): 10^n.
 * - Otherwise each free character is one of its kind: 26 letters (52 when the answer is case-sensitive), 36 letters
 *   and digits (62), 95 for anything else (printable ASCII), to the power of their count.
 * - A learner's own secret (`{{secret.flag}}`) has at least 64 bits (the schema's rule): never small.
 *
 * This counts characters, not meaning: a word from a handful of names ("PNG", "hex") counts as any word of its
 * length. Those are the author's to avoid (content/README.md, "A quiz with a lab is answered in the lab").
 */
export function answerValues(answer: string, mask?: string, caseSensitive = false): number {
  if (usesSecrets(answer)) return Infinity;
  const chars = [...answer];
  const maskChars = mask === undefined ? undefined : [...mask];
  const free = maskChars?.length === chars.length ? chars.filter((_, i) => maskChars[i] === '*') : chars;
  const text = free.join('');
  if (text === '') return 1;
  if (/^\d+$/.test(text)) return (text.startsWith('0') ? 10 : 9) * 10 ** (text.length - 1);
  const letters = caseSensitive ? 52 : 26;
  const kinds = /^\p{L}+$/u.test(text) ? letters : /^[\p{L}\d]+$/u.test(text) ? letters + 10 : 95;
  return kinds ** free.length;
}

/**
 * Whether the answers ask for a set or an order (`C,E,J`, `22,443,3306`): one of them is a comma-separated list of
 * two or more elements. Its other accepted answers are the same list written otherwise (`CEJ`, `C E J`: content/
 * README.md, "Answer formats forgive formatting"), and the set of a dozen candidates is its 4,096 subsets, so such
 * an answer is not counted character by character.
 */
export const asksForList = (answers: readonly string[]): boolean =>
  answers.some((answer) => answer.split(',').filter((element) => element.trim() !== '').length >= 2);

/** What a quiz or a step is answered with, and where it is written. */
export interface AnswerSource {
  answers: readonly string[];
  answerFormat?: string;
  caseSensitive: boolean;
  file: string;
  line: number;
}

/**
 * A quiz or step whose answer has fewer than MIN_ANSWER_VALUES values (answerValues), unless it asks for a set or an
 * order. Every accepted answer counts: a guesser who finds any of them has solved it.
 */
export function smallAnswerProblem(source: AnswerSource): Problem | undefined {
  if (asksForList(source.answers)) return undefined;
  const counted = source.answers.map((answer) => ({
    answer,
    values: answerValues(answer, source.answerFormat, source.caseSensitive),
  }));
  const smallest = counted.reduce((a, b) => (b.values < a.values ? b : a));
  if (smallest.values >= MIN_ANSWER_VALUES) return undefined;
  return {
    file: source.file,
    line: source.line,
    message:
      `the answer "${smallest.answer}" is one of about ${smallest.values.toLocaleString('en-US')} values, fewer than ` +
      `${MIN_ANSWER_VALUES.toLocaleString('en-US')}: trying them all finds it. Ask for something the learner computes ` +
      'or finds with more values, or for the set or the order (a comma-separated list)',
  };
}
