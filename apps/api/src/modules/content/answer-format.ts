/**
 * An answer format is a mask shown to the learner: `*` stands for any one character,
 * every other character must appear as written (letters case-insensitively unless the
 * answer is case-sensitive).
 */
export function matchesAnswerFormat(answer: string, mask: string, caseSensitive: boolean): boolean {
  const a = [...answer];
  const m = [...mask];
  if (a.length !== m.length) return false;
  return m.every((char, i) => {
    if (char === '*') return true;
    const given = a[i] ?? '';
    return caseSensitive ? given === char : given.toLowerCase() === char.toLowerCase();
  });
}
