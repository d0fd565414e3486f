import { describe, expect, it } from 'vitest';
import { createShell, type ShellState } from './shell.ts';
import type { TerminalSession } from './types.ts';

const APP_CONF = `# application settings
app_name=inventory
log_level=info
db_host=10.0.2.15
db_port=5432
db_user=inventory
`;

const SESSION: TerminalSession = {
  hostname: 'lab',
  user: 'student',
  cwd: '/home/student',
  entries: [
    { command: 'ls -a', output: '.  ..  .bash_history  .bashrc  app.conf  notes.txt\n' },
    { command: 'ip route', output: 'default via 10.0.2.2 dev eth0' },
  ],
  files: {
    '/home/student/app.conf': APP_CONF,
    '/home/student/notes.txt': 'TODO: move app.conf out of my home directory.\n',
    '/home/student/.bash_history': 'ls -la\nnano app.conf\ngrep db_ app.conf\n',
    '/home/student/logs/auth.log':
      'Failed password for root\nAccepted password for student\nFailed password for admin\n',
    '/home/student/logs/old/auth.log.1': 'Failed password for guest\n',
    '/etc/hosts': '127.0.0.1   localhost\n10.0.2.15   db01\n',
    '/etc/passwd': 'root:x:0:0:root:/root:/bin/bash\nstudent:x:1000:1000::/home/student:/bin/bash\n',
    '/var/empty.txt': '',
  },
};

function session(overrides: Partial<TerminalSession> = {}) {
  const shell = createShell({ ...SESSION, ...overrides });
  let state: ShellState = shell.initialState;
  let cleared = false;
  /** Runs one line; returns stdout and stderr as they would show. */
  const run = (line: string) => {
    const result = shell.run(state, line);
    state = result.state;
    cleared = result.clear;
    return {
      out: result.output
        .filter((c) => c.stream === 'out')
        .map((c) => c.text)
        .join(''),
      err: result.output
        .filter((c) => c.stream === 'err')
        .map((c) => c.text)
        .join(''),
      all: result.output.map((c) => c.text).join(''),
      status: result.state.status,
    };
  };
  return { shell, run, state: () => state, cleared: () => cleared };
}

describe('prompt and navigation', () => {
  it('starts in the given directory with a bash-style prompt', () => {
    const { shell, run } = session();
    expect(shell.prompt(shell.initialState)).toBe('student@lab:~$');
    expect(run('pwd').out).toBe('/home/student\n');
  });

  it('root gets /root as home and a # prompt', () => {
    const { shell, run } = session({ user: 'root', cwd: '/root' });
    expect(shell.prompt(shell.initialState)).toBe('root@lab:~#');
    expect(run('id').out).toBe('uid=0(root) gid=0(root) groups=0(root)\n');
  });

  it('falls back to home when the start directory is missing', () => {
    const { run } = session({ cwd: '' });
    expect(run('pwd').out).toBe('/home/student\n');
  });

  it('cd handles relative, absolute, .., ~, - and no argument', () => {
    const { shell, run, state } = session();
    run('cd logs');
    expect(shell.prompt(state())).toBe('student@lab:~/logs$');
    run('cd ../../..');
    expect(run('pwd').out).toBe('/\n');
    run('cd ..');
    expect(run('pwd').out).toBe('/\n');
    run('cd /etc');
    expect(shell.prompt(state())).toBe('student@lab:/etc$');
    expect(run('cd -').out).toBe('/\n');
    run('cd');
    expect(run('pwd').out).toBe('/home/student\n');
    run('cd ~/logs/old');
    expect(run('pwd').out).toBe('/home/student/logs/old\n');
    run('cd ~');
    expect(run('pwd').out).toBe('/home/student\n');
  });

  it('cd reports missing directories, files and extra arguments like bash', () => {
    const { run } = session();
    expect(run('cd nowhere')).toMatchObject({ err: 'bash: cd: nowhere: No such file or directory\n', status: 1 });
    expect(run('cd app.conf').err).toBe('bash: cd: app.conf: Not a directory\n');
    expect(run('cd logs etc').err).toBe('bash: cd: too many arguments\n');
    expect(run('cd -').err).toBe('bash: cd: OLDPWD not set\n');
    expect(run('pwd').out).toBe('/home/student\n');
  });

  it('a cd inside a pipeline does not change the directory (subshell)', () => {
    const { run } = session();
    run('cd /etc | echo hi');
    expect(run('pwd').out).toBe('/home/student\n');
  });
});

describe('ls', () => {
  it('hides dot files unless -a or -A', () => {
    const { run } = session();
    expect(run('ls').out).toBe('app.conf  logs  notes.txt\n');
    expect(run('ls -a').out).toBe('.  ..  .bash_history  app.conf  logs  notes.txt\n');
    expect(run('ls -A').out).toBe('.bash_history  app.conf  logs  notes.txt\n');
  });

  it('lists other directories, files, several operands and -1, -F, -r', () => {
    const { run } = session();
    expect(run('ls /etc').out).toBe('hosts  passwd\n');
    expect(run('ls app.conf').out).toBe('app.conf\n');
    expect(run('ls -1 /etc').out).toBe('hosts\npasswd\n');
    expect(run('ls -F').out).toBe('app.conf  logs/  notes.txt\n');
    expect(run('ls -r').out).toBe('notes.txt  logs  app.conf\n');
    expect(run('ls /etc logs').out).toBe('/etc:\nhosts  passwd\n\nlogs:\nauth.log  old\n');
    expect(run('ls notes.txt /etc').out).toBe('notes.txt\n\n/etc:\nhosts  passwd\n');
    expect(run('ls /').out).toBe('etc  home  var\n');
  });

  it('-l shows modes, owners and sizes; -h makes sizes readable', () => {
    const { run } = session();
    const lines = run('ls -l').out.split('\n');
    expect(lines[0]).toMatch(/^total \d+$/);
    expect(lines[1]).toBe('-rw-r--r-- 1 student student  106 Mar 14 09:26 app.conf');
    expect(lines[2]).toBe('drwxr-xr-x 3 student student 4096 Mar 14 09:26 logs');
    expect(run('ls -l /etc/hosts').out).toBe('-rw-r--r-- 1 root root 39 Mar 14 09:26 /etc/hosts\n');
    expect(run('ls -lh logs').out).toContain('4.0K Mar 14 09:26 old');
    expect(run('ls -la').out).toContain(' .bash_history\n');
  });

  it('-R walks subdirectories and -d lists a directory itself', () => {
    const { run } = session();
    expect(run('ls -R logs').out).toBe('logs:\nauth.log  old\n\nlogs/old:\nauth.log.1\n');
    expect(run('ls -d logs').out).toBe('logs\n');
  });

  it('reports what it cannot access, and still lists the rest', () => {
    const { run } = session();
    const result = run('ls nope /etc');
    expect(result.err).toBe("ls: cannot access 'nope': No such file or directory\n");
    expect(result.out).toBe('/etc:\nhosts  passwd\n');
    expect(result.status).toBe(2);
    expect(run('ls app.conf/').err).toBe("ls: cannot access 'app.conf/': Not a directory\n");
  });

  it('prints one name a line into a pipe', () => {
    const { run } = session();
    expect(run('ls | wc -l').out).toBe('3\n');
  });

  it('rejects unknown options like GNU ls', () => {
    const { run } = session();
    expect(run('ls -z').err).toBe("ls: invalid option -- 'z'\nTry 'ls --help' for more information.\n");
    expect(run('ls --bogus').err).toBe("ls: unrecognized option '--bogus'\nTry 'ls --help' for more information.\n");
  });
});

describe('cat, head, tail', () => {
  it('cat prints files, numbers lines with -n, and reads a pipe', () => {
    const { run } = session();
    expect(run('cat notes.txt').out).toBe('TODO: move app.conf out of my home directory.\n');
    expect(run('cat -n /etc/hosts').out).toBe('     1\t127.0.0.1   localhost\n     2\t10.0.2.15   db01\n');
    expect(run('cat /etc/hosts notes.txt').out).toBe(
      `${SESSION.files['/etc/hosts']}${SESSION.files['/home/student/notes.txt']}`,
    );
    expect(run('echo hello | cat').out).toBe('hello\n');
    expect(run('cat < notes.txt').out).toBe('TODO: move app.conf out of my home directory.\n');
  });

  it('cat errors name the file and the reason', () => {
    const { run } = session();
    expect(run('cat missing.txt')).toMatchObject({ err: 'cat: missing.txt: No such file or directory\n', status: 1 });
    expect(run('cat logs').err).toBe('cat: logs: Is a directory\n');
    expect(run('cat app.conf/x').err).toBe('cat: app.conf/x: Not a directory\n');
    expect(run('cat').err).toMatch(/^cat: reading from the keyboard is not supported here/);
  });

  it('head and tail take -n N, -N, --lines=N, and tail -n +N', () => {
    const { run } = session();
    expect(run('head -n 2 app.conf').out).toBe('# application settings\napp_name=inventory\n');
    expect(run('head -2 app.conf').out).toBe('# application settings\napp_name=inventory\n');
    expect(run('head -n2 app.conf').out).toBe('# application settings\napp_name=inventory\n');
    expect(run('head --lines=1 app.conf').out).toBe('# application settings\n');
    expect(run('head -n -4 app.conf').out).toBe('# application settings\napp_name=inventory\n');
    expect(run('tail -n 1 app.conf').out).toBe('db_user=inventory\n');
    expect(run('tail -2 app.conf').out).toBe('db_port=5432\ndb_user=inventory\n');
    expect(run('tail -n +5 app.conf').out).toBe('db_port=5432\ndb_user=inventory\n');
    expect(run('head app.conf').out).toBe(APP_CONF);
    expect(run('cat app.conf | tail -n 1').out).toBe('db_user=inventory\n');
  });

  it('head and tail print headers for several files, and bash-like errors', () => {
    const { run } = session();
    expect(run('head -n 1 /etc/hosts notes.txt').out).toBe(
      '==> /etc/hosts <==\n127.0.0.1   localhost\n\n==> notes.txt <==\nTODO: move app.conf out of my home directory.\n',
    );
    expect(run('head -n x app.conf').err).toBe("head: invalid number of lines: 'x'\n");
    expect(run('tail nope').err).toBe("tail: cannot open 'nope' for reading: No such file or directory\n");
    expect(run('head logs').err).toBe("head: error reading 'logs': Is a directory\n");
    expect(run('head -n').err).toBe(
      "head: option requires an argument -- 'n'\nTry 'head --help' for more information.\n",
    );
  });
});

describe('grep', () => {
  it('finds lines, with -i, -n, -v, -c, -w, -x, -o', () => {
    const { run } = session();
    expect(run('grep db_ app.conf').out).toBe('db_host=10.0.2.15\ndb_port=5432\ndb_user=inventory\n');
    expect(run('grep -n port app.conf').out).toBe('5:db_port=5432\n');
    expect(run('grep -i DB_PORT app.conf').out).toBe('db_port=5432\n');
    expect(run('grep -c db_ app.conf').out).toBe('3\n');
    expect(run('grep -v = app.conf').out).toBe('# application settings\n');
    expect(run('grep -w info app.conf').out).toBe('log_level=info\n');
    expect(run('grep -w inf app.conf')).toMatchObject({ out: '', status: 1 });
    expect(run('grep -x db_port=5432 app.conf').out).toBe('db_port=5432\n');
    expect(run('grep -o "[0-9]\\+" app.conf').out).toBe('10\n0\n2\n15\n5432\n');
    expect(run('grep -in PORT app.conf').out).toBe('5:db_port=5432\n');
  });

  it('understands basic and extended syntax, anchors, classes and -F', () => {
    const { run } = session();
    expect(run('grep "^db" app.conf').out.split('\n')).toHaveLength(4);
    expect(run("grep 'host\\|port' app.conf").out).toBe('db_host=10.0.2.15\ndb_port=5432\n');
    expect(run("grep -E 'host|port' app.conf").out).toBe('db_host=10.0.2.15\ndb_port=5432\n');
    expect(run("grep 'host|port' app.conf").status).toBe(1);
    expect(run("grep '[[:digit:]]\\{4\\}' app.conf").out).toBe('db_port=5432\n');
    expect(run("grep -F '10.0.2.15' /etc/hosts").out).toBe('10.0.2.15   db01\n');
    expect(run("grep 'inventory$' app.conf").out).toBe('app_name=inventory\ndb_user=inventory\n');
    expect(run('grep -e host -e port app.conf').out).toBe('db_host=10.0.2.15\ndb_port=5432\n');
  });

  it('prefixes file names for several files and -r, and lists names with -l', () => {
    const { run } = session();
    expect(run('grep localhost /etc/hosts /etc/passwd').out).toBe('/etc/hosts:127.0.0.1   localhost\n');
    expect(run('grep -r Failed').out).toBe(
      'logs/auth.log:Failed password for root\nlogs/auth.log:Failed password for admin\nlogs/old/auth.log.1:Failed password for guest\n',
    );
    expect(run('grep -r guest logs').out).toBe('logs/old/auth.log.1:Failed password for guest\n');
    expect(run('grep -rl Failed .').out).toBe('./logs/auth.log\n./logs/old/auth.log.1\n');
    expect(run('grep -rc Failed logs').out).toBe('logs/auth.log:2\nlogs/old/auth.log.1:1\n');
    expect(run('grep -h root /etc/passwd /etc/hosts').out).toBe('root:x:0:0:root:/root:/bin/bash\n');
    expect(run('grep -H root /etc/passwd').out).toBe('/etc/passwd:root:x:0:0:root:/root:/bin/bash\n');
  });

  it('reads a pipe, and reports errors with exit status 2', () => {
    const { run } = session();
    expect(run('cat /etc/passwd | grep student').out).toBe('student:x:1000:1000::/home/student:/bin/bash\n');
    expect(run('grep x nope')).toMatchObject({ err: 'grep: nope: No such file or directory\n', status: 2 });
    expect(run('grep x logs').err).toBe('grep: logs: Is a directory\n');
    expect(run('grep -s x nope')).toMatchObject({ err: '', status: 2 });
    expect(run('grep').err).toBe(
      "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n",
    );
    expect(run("grep '[abc' app.conf").err).toBe('grep: Unmatched [, [^, [:, [., or [=\n');
    expect(run("grep -E '(abc' app.conf").err).toBe('grep: Unmatched ( or \\(\n');
    expect(run('grep -q port app.conf')).toMatchObject({ out: '', status: 0 });
    expect(run('grep -q nothing-here app.conf')).toMatchObject({ out: '', status: 1 });
  });
});

describe('find', () => {
  it('lists everything under a path, relative as typed', () => {
    const { run } = session();
    expect(run('find logs').out).toBe('logs\nlogs/auth.log\nlogs/old\nlogs/old/auth.log.1\n');
    expect(run('find').out.split('\n').slice(0, 3)).toEqual(['.', './.bash_history', './app.conf']);
    expect(run('find /etc').out).toBe('/etc\n/etc/hosts\n/etc/passwd\n');
  });

  it('filters with -name, -iname, -type, -maxdepth, -empty and !', () => {
    const { run } = session();
    expect(run('find / -name "*.log*"').out).toBe('/home/student/logs/auth.log\n/home/student/logs/old/auth.log.1\n');
    expect(run("find / -iname 'HOSTS'").out).toBe('/etc/hosts\n');
    expect(run('find . -type d').out).toBe('.\n./logs\n./logs/old\n');
    expect(run('find . -maxdepth 1 -type f').out).toBe('./.bash_history\n./app.conf\n./notes.txt\n');
    expect(run('find /var -empty').out).toBe('/var/empty.txt\n');
    expect(run('find logs ! -name "*.1" -type f').out).toBe('logs/auth.log\n');
    expect(run('find ~ -name notes.txt').out).toBe('/home/student/notes.txt\n');
  });

  it('reports bad paths and predicates like GNU find', () => {
    const { run } = session();
    expect(run('find nope').err).toBe("find: 'nope': No such file or directory\n");
    expect(run('find . -size 1k').err).toBe("find: unknown predicate `-size'\n");
    expect(run('find . -name').err).toBe("find: missing argument to `-name'\n");
    expect(run('find . -type x').err).toBe('find: Unknown argument to -type: x\n');
  });
});

describe('wc', () => {
  it('counts lines, words and bytes like GNU wc', () => {
    const { run } = session();
    expect(run('wc -l app.conf').out).toBe('6 app.conf\n');
    expect(run('wc app.conf').out).toBe('  6   8 106 app.conf\n');
    expect(run('wc -w notes.txt').out).toBe('8 notes.txt\n');
    expect(run('wc -c /etc/hosts').out).toBe('39 /etc/hosts\n');
    expect(run('cat app.conf | wc -l').out).toBe('6\n');
    expect(run('cat app.conf | wc').out).toBe('      6       8     106\n');
    expect(run('wc -l app.conf notes.txt').out).toBe('  6 app.conf\n  1 notes.txt\n  7 total\n');
    expect(run('wc nope').err).toBe('wc: nope: No such file or directory\n');
  });
});

describe('echo, whoami, id, help, clear, variables', () => {
  it('echo joins arguments, handles -n, -e and quotes', () => {
    const { run } = session();
    expect(run('echo hello   world').out).toBe('hello world\n');
    expect(run('echo "hello   world"').out).toBe('hello   world\n');
    expect(run('echo -n hi').out).toBe('hi');
    expect(run("echo -e 'a\\tb'").out).toBe('a\tb\n');
    expect(run("echo 'it''s'").out).toBe('its\n');
    expect(run('echo it\\ is').out).toBe('it is\n');
    expect(run('echo').out).toBe('\n');
  });

  it('expands $HOME, $USER, ${PWD}, $? and ~, but not inside single quotes', () => {
    const { run } = session();
    expect(run('echo $HOME $USER').out).toBe('/home/student student\n');
    expect(run('cd /etc && echo ${PWD}').out).toBe('/etc\n');
    expect(run("echo '$HOME'").out).toBe('$HOME\n');
    expect(run('echo "$USER@$HOSTNAME"').out).toBe('student@lab\n');
    expect(run('echo ~ "~"').out).toBe('/home/student ~\n');
    run('cat nope');
    expect(run('echo $?').out).toBe('1\n');
    expect(run('echo $UNSET end').out).toBe('end\n');
  });

  it('whoami, id and hostname describe the learner', () => {
    const { run } = session();
    expect(run('whoami').out).toBe('student\n');
    expect(run('id').out).toBe('uid=1000(student) gid=1000(student) groups=1000(student)\n');
    expect(run('id -un').out).toBe('student\n');
    expect(run('id mallory').err).toBe("id: 'mallory': no such user\n");
    expect(run('hostname').out).toBe('lab\n');
  });

  it('help lists every command; clear asks to empty the screen', () => {
    const { run, cleared } = session();
    const help = run('help').out;
    for (const name of [
      'ls',
      'cd',
      'pwd',
      'cat',
      'head',
      'tail',
      'grep',
      'find',
      'wc',
      'whoami',
      'id',
      'echo',
      'clear',
    ]) {
      expect(help).toMatch(new RegExp(`\\b${name}\\b`));
    }
    run('clear');
    expect(cleared()).toBe(true);
    run('pwd');
    expect(cleared()).toBe(false);
  });
});

describe('the shell around the commands', () => {
  it('reports unknown commands, and replays recorded ones it does not implement', () => {
    const { run } = session();
    expect(run('nmap -sV 10.0.0.1')).toMatchObject({ err: 'bash: nmap: command not found\n', status: 127 });
    expect(run('ip   route').out).toBe('default via 10.0.2.2 dev eth0\n');
    expect(run('./run.sh').err).toBe('bash: ./run.sh: No such file or directory\n');
    expect(run('./app.conf').err).toBe('bash: ./app.conf: Permission denied\n');
  });

  it('expands wildcards, hidden names only when asked, and keeps unmatched patterns', () => {
    const { run } = session();
    expect(run('echo *').out).toBe('app.conf logs notes.txt\n');
    expect(run('echo .b*').out).toBe('.bash_history\n');
    expect(run('echo logs/*/*.1').out).toBe('logs/old/auth.log.1\n');
    expect(run('echo /etc/h?sts').out).toBe('/etc/hosts\n');
    expect(run('echo *.xyz').out).toBe('*.xyz\n');
    expect(run('echo "*"').out).toBe('*\n');
    expect(run('cat *.txt').out).toBe('TODO: move app.conf out of my home directory.\n');
  });

  it('runs ; && || in order, honouring exit statuses', () => {
    const { run } = session();
    expect(run('echo a; echo b').out).toBe('a\nb\n');
    expect(run('cat nope && echo never').out).toBe('');
    expect(run('cat nope || echo fallback').out).toBe('fallback\n');
    expect(run('true_cmd || echo x && echo y').out).toBe('x\ny\n');
  });

  it('chains pipes, with errors going to the screen', () => {
    const { run } = session();
    expect(run('cat logs/auth.log | grep Failed | wc -l').out).toBe('2\n');
    const result = run('cat nope app.conf | grep port');
    expect(result.err).toBe('cat: nope: No such file or directory\n');
    expect(result.out).toBe('db_port=5432\n');
  });

  it('discards output sent to /dev/null and refuses to write files', () => {
    const { run } = session();
    expect(run('find / -name nothing 2>/dev/null').all).toBe('');
    expect(run('cat nope 2>/dev/null')).toMatchObject({ all: '', status: 1 });
    expect(run('cat app.conf > /dev/null').all).toBe('');
    expect(run('cat nope 2>&1 | wc -l').out).toBe('1\n');
    expect(run('echo hi > out.txt')).toMatchObject({ err: 'bash: out.txt: Read-only file system\n', status: 1 });
    expect(run('echo hi >> logs').err).toBe('bash: logs: Is a directory\n');
    expect(run('cat < nope').err).toBe('bash: nope: No such file or directory\n');
  });

  it('reports syntax errors in bash wording', () => {
    const { run } = session();
    expect(run("echo 'open").err).toBe("bash: unexpected EOF while looking for matching `''\n");
    expect(run('echo "open').err).toBe('bash: unexpected EOF while looking for matching `"\'\n');
    expect(run('| wc').err).toBe("bash: syntax error near unexpected token `|'\n");
    expect(run('ls |').err).toBe('bash: syntax error: unexpected end of file\n');
    expect(run('&& ls').err).toBe("bash: syntax error near unexpected token `&&'\n");
    expect(run('cat >').err).toBe("bash: syntax error near unexpected token `newline'\n");
    expect(run('echo $(whoami)').err).toMatch(/not supported/);
    expect(run('sleep 1 &').err).toMatch(/not supported/);
    expect(run('echo ${').err).toBe('bash: ${: bad substitution\n');
  });

  it('ignores empty lines and comments', () => {
    const { run } = session();
    expect(run('   ')).toMatchObject({ all: '', status: 0 });
    expect(run('# just a note')).toMatchObject({ all: '', status: 0 });
    expect(run('echo hi # trailing').out).toBe('hi\n');
  });
});

describe('tab completion', () => {
  it('completes command names and paths', () => {
    const { shell } = session();
    const state = shell.initialState;
    expect(shell.complete(state, 'whoa')).toEqual({ line: 'whoami ', candidates: [] });
    expect(shell.complete(state, 'cat app')).toEqual({ line: 'cat app.conf ', candidates: [] });
    expect(shell.complete(state, 'cd lo')).toEqual({ line: 'cd logs/', candidates: [] });
    expect(shell.complete(state, 'cat logs/old/a')).toEqual({ line: 'cat logs/old/auth.log.1 ', candidates: [] });
    expect(shell.complete(state, 'cat /etc/')).toEqual({ line: 'cat /etc/', candidates: ['hosts', 'passwd'] });
    expect(shell.complete(state, 'cat ~/.b')).toEqual({ line: 'cat ~/.bash_history ', candidates: [] });
    expect(shell.complete(state, 'he')).toEqual({ line: 'he', candidates: ['head', 'help'] });
    expect(shell.complete(state, 'cat zz')).toEqual({ line: 'cat zz', candidates: [] });
    expect(shell.complete(state, 'cat app.conf | gr')).toEqual({ line: 'cat app.conf | grep ', candidates: [] });
  });
});
