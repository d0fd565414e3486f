/** A line as a terminal shows it: each tab moves to the next multiple of 8 columns. */
function expandTabs(line: string): string {
  let shown = '';
  for (const char of line) shown += char === '\t' ? ' '.repeat(8 - (shown.length % 8)) : char;
  return shown;
}

/**
 * Terminal output as compared: LF line ends, tabs as the terminal shows them (`ls` aligns its columns with tabs),
 * no spaces at the ends of lines, no trailing newlines.
 */
export function normaliseOutput(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line.includes('\t') ? expandTabs(line) : line).trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
}

/**
 * The lines that differ between a recording and what the lab printed, `-` recorded and `+` printed, from a longest
 * common subsequence of lines; at most `limit` lines, then a count of the rest.
 */
export function lineDiff(recorded: string, printed: string, limit = 12): string[] {
  const a = recorded.split('\n');
  const b = printed.split('\n');
  // common[i][j]: length of the longest common subsequence of a[i..] and b[j..]
  const common = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const lines: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < b.length && (i === a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      lines.push(`+ ${b[j++]}`);
    } else {
      lines.push(`- ${a[i++]}`);
    }
  }
  if (lines.length <= limit) return lines;
  return [...lines.slice(0, limit), `… and ${lines.length - limit} more lines`];
}
