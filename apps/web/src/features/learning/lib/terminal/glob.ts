const SPECIAL = /[.*+?^${}()|[\]\\/]/g;

/**
 * A shell wildcard (`*`, `?`, `[abc]`, `[!a-z]`; `\x` is a literal x) as an anchored regular expression,
 * as `find -name` and the shell's own filename expansion use it.
 */
export function globToRegExp(pattern: string, ignoreCase = false): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] as string;
    if (char === '\\' && index + 1 < pattern.length) {
      index += 1;
      source += (pattern[index] as string).replace(SPECIAL, '\\$&');
    } else if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '[') {
      const close = pattern.indexOf(']', index + 2);
      if (close === -1) {
        source += '\\[';
        continue;
      }
      let body = pattern.slice(index + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      source += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
      index = close;
    } else source += char.replace(SPECIAL, '\\$&');
  }
  return new RegExp(`^${source}$`, ignoreCase ? 'si' : 's');
}

/** True when the pattern has an unescaped wildcard. */
export function hasWildcard(pattern: string): boolean {
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === '\\') index += 1;
    else if (char === '*' || char === '?' || char === '[') return true;
  }
  return false;
}

/** Removes the escapes of a pattern that matched nothing (bash then passes it on as typed). */
export function unescapeGlob(pattern: string): string {
  return pattern.replace(/\\(.)/g, '$1');
}
