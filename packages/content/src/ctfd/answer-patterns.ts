import { RE2JS } from 're2js';

/**
 * Regex answers (CTFd `regex` flags), stored in `challenge_steps.answer_patterns`.
 *
 * A stored pattern is an RE2 regular expression matched against the whole trimmed answer, optionally
 * led by an inline flag group as Python writes it: `(?i)` case-insensitive, `(?s)` dot matches
 * newlines. A pattern without `(?i)` is case-sensitive whatever the step's `case_sensitive` says
 * (that setting covers the plain answers), as in CTFd.
 *
 * RE2 (re2js, pure JavaScript) matches in time linear in the answer, so no answer can stall the
 * server the way a backtracking RegExp can (`flag\{(\w+\s?)+\}` against `flag{aaaa…!`). The price:
 * no backreferences and no lookaround; such patterns are refused when the content is loaded.
 */
const LEADING_FLAGS = /^\(\?([a-zA-Z]+)\)/;
const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, s: RE2JS.DOTALL };
/** Backreferences (`\1`, `\k<x>`, `(?P=x)`) and lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`). */
const BACKTRACKING_ONLY = /\\[1-9]|\\k<|\(\?P=|\(\?<?[=!]/;

export class PatternError extends Error {}

// Decision 0083: CTFd regex flags run on RE2 (re2js), whole input; backreferences and lookaround are refused.
/** Compiles a stored pattern; throws PatternError when it is not one. */
export function compileAnswerPattern(pattern: string): RE2JS {
  let source = pattern;
  let flags = 0;
  const leading = LEADING_FLAGS.exec(source);
  if (leading) {
    const letters = leading[1]!;
    const unknown = [...letters].filter((letter) => !Object.hasOwn(FLAG_BITS, letter));
    if (unknown.length > 0) throw new PatternError(`unsupported inline flag ${unknown.join('')}`);
    for (const letter of letters) flags |= FLAG_BITS[letter]!;
    source = source.slice(leading[0].length);
  }
  try {
    return RE2JS.compile(source, flags);
  } catch (error) {
    const reason = (error as Error).message;
    throw new PatternError(
      BACKTRACKING_ONLY.test(source)
        ? `backreferences and lookaround are not supported, answers are matched with RE2: ${reason}`
        : reason,
    );
  }
}

/** Whether the trimmed answer matches the stored pattern as a whole; an invalid pattern matches nothing. */
export function matchesAnswerPattern(pattern: string, answer: string): boolean {
  try {
    return compileAnswerPattern(pattern).testExact(answer.trim());
  } catch {
    return false;
  }
}

/**
 * A CTFd regex flag (Python `re` syntax) as a stored pattern: `\A`/`\Z` become `^`/`$` (RE2 reads
 * Python's named groups as they are), and `case_insensitive` becomes a leading `(?i)`. Throws
 * PatternError when RE2 cannot compile the result (backreferences, lookaround, bad syntax).
 */
export function fromCtfdRegex(python: string, caseInsensitive: boolean): string {
  let source = python.replace(/(^|[^\\])\\A/g, '$1^').replace(/(^|[^\\])\\Z/g, '$1$');
  if (caseInsensitive) {
    const leading = LEADING_FLAGS.exec(source);
    source = leading
      ? `(?${leading[1]!.includes('i') ? leading[1] : `i${leading[1]}`})${source.slice(leading[0].length)}`
      : `(?i)${source}`;
  }
  compileAnswerPattern(source);
  return source;
}

/** A literal answer as a pattern (for a case-insensitive CTFd flag on a case-sensitive step). */
export function literalPattern(text: string, caseInsensitive: boolean): string {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return caseInsensitive ? `(?i)${escaped}` : escaped;
}
