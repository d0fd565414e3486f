import { describe, expect, it } from 'vitest';
import { labAccounts } from './accounts.ts';
import { buildSetupScript, cryptSaltOf, labStateSource, LabSpecError, shellQuote } from './setup-script.ts';

const base = { hostname: 'lab', user: 'student', cwd: '/home/student', files: [] };

describe('the setup script a lab boots with', () => {
  it('gives the learner uid 1000, Debian system accounts their fixed ids, and others ids from 1001', () => {
    const accounts = labAccounts({
      ...base,
      files: [
        { path: '/a', owner: 'app', group: 'www-data' },
        { path: '/b', owner: 'root', group: 'deploy' },
      ],
    });
    expect(accounts.users).toEqual([
      { name: 'student', id: 1000 },
      { name: 'app', id: 1001 },
      { name: 'root', id: 0 },
    ]);
    expect(accounts.groups).toEqual([
      { name: 'www-data', id: 33 },
      { name: 'deploy', id: 1002 },
    ]);
  });

  it('makes a home for each other person, and none for a system account such as nobody or www-data', () => {
    const files = ['bob', 'nobody', 'www-data'].map((owner) => ({ path: `/srv/${owner}`, owner }));
    const lines = buildSetupScript({ ...base, files }).split('\n');
    expect(lines).toContain("mkdir -p '/home/bob'");
    expect(lines).toContain("chown bob:bob '/home/bob'");
    // The image's own account goes with its home: the lab has no such account.
    expect(
      lines.filter((line) => line.includes('/home/') && !line.includes('bob') && !line.includes('student')),
    ).toEqual(['rm -rf /home/learner']);
  });

  it("hides other accounts' processes from the learner, unless the lab teaches listing them", () => {
    const hidden = buildSetupScript(base);
    expect(hidden).toContain('mount -o remount,hidepid=2 /proc\n');
    // After the services are up (their readiness is read from /proc) and before the learner's shell starts.
    expect(hidden.indexOf('hidepid=2')).toBeLessThan(hidden.indexOf('> /run/lab-user'));
    expect(buildSetupScript({ ...base, processesVisible: true })).not.toContain('hidepid');
  });

  it("gives the learner's tcpdump a raw socket where the lab teaches capturing: the capture without root's reach", () => {
    expect(buildSetupScript(base)).not.toContain('setcap');
    expect(buildSetupScript({ ...base, packetCapture: true })).toContain('setcap cap_net_raw+ep /usr/bin/tcpdump\n');
  });

  it('quotes every name and path the content gives', () => {
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
    const script = buildSetupScript({ ...base, files: [{ path: "/home/student/a b'c", content: 'x' }] });
    expect(script).toContain(`'/home/student/a b'\\''c'`);
  });

  it('sets the mode after the owner, because chown clears a setuid bit', () => {
    const script = buildSetupScript({
      ...base,
      files: [{ path: '/usr/local/bin/tool', content: 'x', owner: 'root', mode: '4755' }],
    });
    expect(script.indexOf('chown -h root:root')).toBeLessThan(script.indexOf('chmod 4755'));
  });

  it('refuses what the guest cannot apply, naming the field', () => {
    expect(() => buildSetupScript({ ...base, user: 'Bad User' })).toThrow(LabSpecError);
    expect(() => buildSetupScript({ ...base, cwd: 'relative' })).toThrow(/cwd/);
    expect(() => buildSetupScript({ ...base, files: [{ path: '/x/../etc/passwd', content: '' }] })).toThrow(/files/);
    expect(() => buildSetupScript({ ...base, files: [{ path: '/x', mode: '999' }] })).toThrow(/mode/);
    expect(() => buildSetupScript({ ...base, clock: 'yesterday' })).toThrow(/clock/);
    expect(() => buildSetupScript({ ...base, files: [{ path: '/x', copyOf: 'usr/bin/cat' }] })).toThrow(/copyOf/);
  });

  it('copies a file of the image, and leaves a file copied onto itself in place', () => {
    const script = buildSetupScript({
      ...base,
      files: [
        { path: '/home/student/reader', copyOf: '/usr/bin/cat', owner: 'level2', mode: '4755' },
        { path: '/usr/bin/find', copyOf: '/usr/bin/find', owner: 'root', mode: '4755' },
      ],
    });
    expect(script).toContain(`cp '/usr/bin/cat' '/home/student/reader'`);
    expect(script).not.toMatch(/cp '\/usr\/bin\/find'|> '\/usr\/bin\/find'/);
    expect(script).toContain(`chmod 4755 '/home/student/reader' '/usr/bin/find'`);
  });

  it("keeps the accounts the image's servers and tcpdump drop their rights to", () => {
    const script = buildSetupScript(base);
    expect(script).toMatch(/> \/etc\/passwd\n/);
    expect(script).toContain(`'sshd:x:100:65534::/run/sshd:/usr/sbin/nologin'`);
    expect(script).toContain(`'tcpdump:x:101:101::/nonexistent:/usr/sbin/nologin'`);
    expect(script).toContain(`'tcpdump:x:101:'`);
  });

  it('gives every account a shadow entry without a password, readable by root and group shadow only', () => {
    const script = buildSetupScript({ ...base, files: [{ path: '/srv/app.py', owner: 'deploy' }] });
    const shadow = script.split('\n').find((line) => line.endsWith('> /etc/shadow')) ?? '';
    for (const name of ['root', 'student', 'deploy', 'sshd', 'nobody'])
      expect(shadow).toContain(`'${name}:*:20000:0:99999:7:::'`);
    expect(script).toContain(`'shadow:x:42:'`);
    expect(script).toContain('chown root:shadow /etc/shadow\nchmod 640 /etc/shadow\n');
  });

  it('adds a declared account with a password: an id after the others, and a SHA-512 crypt hash made in the guest', () => {
    const spec = {
      ...base,
      files: [{ path: '/etc/ladder_pass/ladder2', owner: 'ladder2' }],
      accounts: [
        { name: 'ladder2', password: "GZa'T$x" },
        { name: 'ladder3', password: 'n0-one-owns-files' },
      ],
    };
    expect(labAccounts(spec).users).toEqual([
      { name: 'student', id: 1000 },
      { name: 'ladder2', id: 1001 },
      { name: 'ladder3', id: 1002 },
    ]);
    const lines = buildSetupScript(spec).split('\n');
    const salt = cryptSaltOf('ladder2', "GZa'T$x");
    expect(salt).toMatch(/^[./0-9A-Za-z]{16}$/);
    expect(cryptSaltOf('ladder2', "GZa'T$x")).toBe(salt);
    expect(cryptSaltOf('ladder3', "GZa'T$x")).not.toBe(salt);
    // The hash goes to a variable first, so that a failing mkpasswd stops the setup instead of leaving no password.
    expect(lines).toContain(`lab_hash_0=$(printf '%s' 'GZa'\\''T$x' | busybox mkpasswd -m sha512 -P 0 -S ${salt})`);
    expect(lines.find((line) => line.endsWith('> /etc/passwd'))).toContain(
      `'ladder3:x:1002:1002::/home/ladder3:/bin/bash'`,
    );
    const shadow = lines.find((line) => line.endsWith('> /etc/shadow')) ?? '';
    expect(shadow).toContain(`'ladder2:'"$lab_hash_0"':20000:0:99999:7:::'`);
    expect(shadow).toContain(`'ladder3:'"$lab_hash_1"':20000:0:99999:7:::'`);
    expect(shadow).toContain(`'student:*:20000:0:99999:7:::'`);
    expect(lines.findIndex((l) => l.startsWith('lab_hash_1='))).toBeLessThan(lines.indexOf(shadow));
  });

  it('refuses a password /etc/shadow cannot hold, and an account named twice', () => {
    const withPassword = (name: string, password: string) => ({ ...base, accounts: [{ name, password }] });
    expect(() => buildSetupScript(withPassword('ladder2', 'a:b'))).toThrow(/accounts: ladder2/);
    expect(() => buildSetupScript(withPassword('ladder2', 'two words'))).toThrow(/accounts: ladder2/);
    expect(() => buildSetupScript(withPassword('ladder2', ''))).toThrow(/accounts: ladder2/);
    expect(() => buildSetupScript(withPassword('Ladder2', 'secret'))).toThrow(/accounts/);
    const twice = {
      ...base,
      accounts: [
        { name: 'x', password: 'a' },
        { name: 'x', password: 'b' },
      ],
    };
    expect(() => buildSetupScript(twice)).toThrow(/named twice/);
  });

  it('brings the loopback interface up, so a lab can run and reach services on 127.0.0.1', () => {
    expect(buildSetupScript(base).split('\n')).toContain('ip link set lo up');
  });

  it('starts the control daemon on the second serial port, as root, in the background', () => {
    const lines = buildSetupScript(base).split('\n');
    const start = lines.indexOf('setsid busybox sh /run/lab-control < /dev/ttyS1 > /dev/ttyS1 2> /dev/null &');
    expect(start).toBeGreaterThan(0);
    // The handshake's end hangs up its session: the setup ends only once the daemon leads its own.
    expect(lines[start + 1]).toBe('lab_own_session $!');
    expect(lines.indexOf('lab_own_session() { # pid')).toBeLessThan(start);
    const daemon = lines.find((line) => line.endsWith('> /run/lab-control'));
    expect(daemon).toContain(`'    size) stty -F /dev/ttyS0 rows "$a" cols "$b" ;;'`);
    // Only digits from the port reach a command.
    expect(daemon).toContain(`'  case "$id$a$b" in *[!0-9]*) continue ;; esac'`);
  });

  it('names a lab’s saved state by its setup without the terminal’s size or the host’s time', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const sized = { ...base, columns: 120, rows: 40 };
    expect(buildSetupScript(sized, { now })).toContain('stty cols 120 rows 40');
    expect(buildSetupScript(sized, { now })).toContain('date -s @1795780800');
    expect(labStateSource(sized)).toBe(labStateSource({ ...base, columns: 80, rows: 24 }));
    expect(labStateSource(sized)).not.toMatch(/stty cols|date -s @/);
    expect(labStateSource({ ...base, files: [{ path: '/a', content: 'x' }] })).not.toBe(labStateSource(base));
    // A lab with a clock of its own keeps it, whatever the host's time.
    expect(buildSetupScript({ ...base, clock: '2025-03-10T12:00:00Z' }, { now })).not.toContain('@1795780800');
  });
});
