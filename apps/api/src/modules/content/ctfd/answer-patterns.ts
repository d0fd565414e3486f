/**
 * Regex answers (CTFd `regex` flags), stored in `challenge_steps.answer_patterns`.
 *
 * A stored pattern is a JavaScript regular expression source matched against the whole trimmed
 * answer, optionally led by an inline flag group as Python writes it: `(?i)` case-insensitive,
 * `(?s)` dot matches newlines. A pattern without `(?i)` is case-sensitive whatever the step's
 * `case_sensitive` says (that setting covers the plain answers), as in CTFd.
 */
const LEADING_FLAGS = /^\(\?([a-zA-Z]+)\)/;

export class PatternError extends Error {}

/** Compiles a stored pattern; throws PatternError when it is not one. */
export function compileAnswerPattern(pattern: string): RegExp {
  let source = pattern;
  let flags = '';
  const leading = LEADING_FLAGS.exec(source);
  if (leading) {
    const letters = leading[1]!;
    const unknown = [...letters].filter((letter) => letter !== 'i' && letter !== 's');
    if (unknown.length > 0) throw new PatternError(`unsupported inline flag ${unknown.join('')}`);
    flags = [...new Set(letters)].join('');
    source = source.slice(leading[0].length);
  }
  try {
    return new RegExp(`^(?:${source})$`, flags);
  } catch (error) {
    throw new PatternError((error as Error).message);
  }
}

/** Whether the trimmed answer matches the stored pattern as a whole; an invalid pattern matches nothing. */
export function matchesAnswerPattern(pattern: string, answer: string): boolean {
  try {
    return compileAnswerPattern(pattern).test(answer.trim());
  } catch {
    return false;
  }
}

/**
 * A CTFd regex flag (Python `re` syntax) as a stored pattern: named groups and `\A`/`\Z` anchors
 * become their JavaScript forms, and `case_insensitive` becomes a leading `(?i)`. Throws PatternError
 * when the result does not compile.
 */
export function fromCtfdRegex(python: string, caseInsensitive: boolean): string {
  let source = python
    .replace(/\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/g, '(?<$1>')
    .replace(/\(\?P=([A-Za-z_][A-Za-z0-9_]*)\)/g, '\\k<$1>')
    .replace(/(^|[^\\])\\A/g, '$1^')
    .replace(/(^|[^\\])\\Z/g, '$1$');
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
