import { homeOf } from '@bastion/labs';

interface Session {
  user: string;
  hostname: string;
  cwd: string;
  entries: { command: string; output: string }[];
}

/** The prompt bash shows in `cwd`: `user@host:~/dir$`, `#` for root. */
export function recordingPrompt(session: { user: string; hostname: string; cwd: string }): string {
  const home = homeOf(session.user);
  const cwd = session.cwd || home;
  const where = cwd === home ? '~' : cwd.startsWith(`${home}/`) ? `~${cwd.slice(home.length)}` : cwd;
  return `${session.user}@${session.hostname}:${where}${session.user === 'root' ? '#' : '$'}`;
}

/** `path` taken from `cwd` as `cd` does (`~`, `..`, `.`, absolute or relative), without reading any disk. */
function resolve(cwd: string, path: string, home: string): string {
  const start = path === '~' || path.startsWith('~/') ? home : path.startsWith('/') ? '/' : cwd;
  const rest = path.startsWith('~') ? path.slice(1) : path;
  const parts = start.split('/').filter(Boolean);
  for (const part of rest.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** A lone `cd` (no `&&`, `;`, pipes or variables): the directory it goes to, or undefined for anything else. */
function cdTarget(command: string): string | null | undefined {
  const match = /^\s*cd(?:\s+(\S+))?\s*$/.exec(command);
  if (!match) return undefined;
  const target = match[1];
  if (target && /[$`;&|<>*?]/.test(target)) return undefined;
  return target ?? null;
}

// Decision 0105: a lone cd that printed nothing moves a recording's prompt; a failed or compound cd leaves it.
/**
 * The prompt before each recorded command, and after the last: it follows the directory as the shell's does,
 * through every successful `cd` (one that printed nothing), `cd -` and a bare `cd` included.
 */
export function recordingPrompts(session: Session): string[] {
  const home = homeOf(session.user);
  let cwd = session.cwd || home;
  let previous = cwd;
  const prompts = [recordingPrompt({ ...session, cwd })];
  for (const entry of session.entries) {
    const target = cdTarget(entry.command);
    if (target !== undefined && entry.output.trim() === '') {
      const next = target === null ? home : target === '-' ? previous : resolve(cwd, target, home);
      previous = cwd;
      cwd = next;
    }
    prompts.push(recordingPrompt({ ...session, cwd }));
  }
  return prompts;
}
