import { homeOf } from '@bastion/labs';

/** The prompt bash shows for the recorded session: `user@host:~/dir$`, `#` for root. */
export function recordingPrompt(session: { user: string; hostname: string; cwd: string }): string {
  const home = homeOf(session.user);
  const cwd = session.cwd || home;
  const where = cwd === home ? '~' : cwd.startsWith(`${home}/`) ? `~${cwd.slice(home.length)}` : cwd;
  return `${session.user}@${session.hostname}:${where}${session.user === 'root' ? '#' : '$'}`;
}
