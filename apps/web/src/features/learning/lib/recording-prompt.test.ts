import { describe, expect, it } from 'vitest';
import { recordingPrompts } from './recording-prompt.ts';

const session = (commands: [string, string?][], user = 'student', cwd = '/home/student') => ({
  user,
  hostname: 'lab',
  cwd,
  entries: commands.map(([command, output = '']) => ({ command, output })),
});

describe('recordingPrompts: the prompt follows the directory, as bash shows it', () => {
  it('follows absolute and relative cd, .. and ~', () => {
    expect(
      recordingPrompts(
        session([['pwd', '/home/student\n'], ['cd /var/log/nginx'], ['cd ../../www/html'], ['cd ..'], ['cd ~/notes']]),
      ),
    ).toEqual([
      'student@lab:~$',
      'student@lab:~$',
      'student@lab:/var/log/nginx$',
      'student@lab:/var/www/html$',
      'student@lab:/var/www$',
      'student@lab:~/notes$',
    ]);
  });

  it('goes home on a bare cd, back on cd -, and shows # for root', () => {
    expect(recordingPrompts(session([['cd /etc'], ['cd'], ['cd -']], 'root', '/tmp'))).toEqual([
      'root@lab:/tmp#',
      'root@lab:/etc#',
      'root@lab:~#',
      'root@lab:/etc#',
    ]);
  });

  it('stays put after a failed cd or a cd it cannot follow', () => {
    const failed = ['cd /nope', '-bash: cd: /nope: No such file or directory\n'] as [string, string];
    expect(recordingPrompts(session([failed, ['cd $HOME/x'], ['cd /tmp && ls']]))).toEqual(
      Array(4).fill('student@lab:~$'),
    );
  });
});
