/**
 * Why a secret an operator chose is obviously guessable, or null. It catches what a person types instead of a
 * random value (`aaaa…`, `abab…`, `changeme-changeme-…`, `abcdefgh…`, `0123…`), not every weak secret: a random
 * value of 32 hexadecimal digits (128 bits) passes with a margin (fewer than 8 different characters in about one
 * such value in ten million; a run of that length practically never).
 */
export function weakSecretReason(secret: string): string | null {
  const chars = [...secret];
  if (new Set(chars).size < MIN_DISTINCT) {
    return `it has fewer than ${MIN_DISTINCT} different characters`;
  }
  const period = shortestPeriod(chars);
  if (period <= chars.length / 2) return `it is ${period === 1 ? 'one character' : `${period} characters`} repeated`;
  // A character that repeats the one before it, or is next to it in the alphabet (`aaa`, `abc`, `987`).
  let predictable = 0;
  for (let i = 1; i < chars.length; i += 1) {
    if (Math.abs(chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)!) <= 1) predictable += 1;
  }
  if (predictable * 3 > (chars.length - 1) * 2) return 'it is mostly runs of repeated or consecutive characters';
  return null;
}

const MIN_DISTINCT = 8;

/** The smallest p such that the text is a repetition of its first p characters (the last one possibly cut short). */
function shortestPeriod(chars: string[]): number {
  // The prefix function of Knuth, Morris and Pratt: the longest proper border gives the period.
  const border = new Array<number>(chars.length).fill(0);
  for (let i = 1; i < chars.length; i += 1) {
    let k = border[i - 1]!;
    while (k > 0 && chars[i] !== chars[k]) k = border[k - 1]!;
    if (chars[i] === chars[k]) k += 1;
    border[i] = k;
  }
  return chars.length - (border[chars.length - 1] ?? 0);
}
