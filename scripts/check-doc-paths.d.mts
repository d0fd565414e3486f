export const DOC_PATTERNS: RegExp[];
export function looksLikeRepoPath(text: string): boolean;
export function namedPaths(markdown: string): { kind: 'code' | 'link'; path: string; line: number }[];
export function danglingPaths(
  docs: Record<string, string>,
  repoFiles: string[],
  isIgnored?: (file: string) => boolean,
): { doc: string; line: number; path: string }[];
