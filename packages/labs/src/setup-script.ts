import { labAccountNamePattern, labFileModePattern, labHostLabelPattern, labPasswordPattern } from '@bastion/contract';
import { labAccounts, labUserId } from './accounts.ts';
import { toBase64, wrapLines } from './base64.ts';
import { homeOf, type LabFile, type LabSpec } from './lab-spec.ts';
import { checkNetwork, networkLines, pythonStarterEnd, serviceLines } from './lab-network.ts';
import { LabSpecError, shellQuote } from './shell-quote.ts';

export { LabSpecError, shellQuote };
import { controlPort, setupLineLength } from './protocol.ts';
import { stageLine } from './setup-stages.ts';
import { unsealLines } from './unseal.ts';

const cryptSaltAlphabet = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A crypt salt made from the account and its password (FNV-1a, 16 characters), not drawn at random: the same lab
 * writes the same /etc/shadow every time, as it writes the same files. Nothing secret depends on it: the lab's
 * content, password included, is the learner's browser's anyway.
 */
export function cryptSaltOf(name: string, password: string): string {
  let hash = 0x811c9dc5;
  let salt = '';
  for (let round = 0; salt.length < 16; round++) {
    for (const ch of `${round}:${name}:${password}`) {
      hash ^= ch.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    salt += cryptSaltAlphabet[hash % 64];
  }
  return salt;
}

function checkPath(path: string, field: string): void {
  if (!path.startsWith('/') || /[\0\n\r]/.test(path) || path.split('/').includes('..')) {
    throw new LabSpecError(
      `${field}: an absolute path without "..", newlines or NUL is required, not ${JSON.stringify(path)}`,
    );
  }
}

/** Names, modes and passwords by @bastion/contract's rules (lab-names.ts), which `content validate` applies too. */
function checkSpec(spec: LabSpec): void {
  if (!labHostLabelPattern.test(spec.hostname))
    throw new LabSpecError(`hostname: ${JSON.stringify(spec.hostname)} is not a host name`);
  for (const [field, name] of [
    ['user', spec.user],
    ...spec.files.flatMap((f) => [
      ['owner', f.owner],
      ['group', f.group],
    ]),
  ]) {
    if (name !== undefined && !labAccountNamePattern.test(name))
      throw new LabSpecError(`${field}: ${JSON.stringify(name)} is not an account name`);
  }
  checkPath(spec.cwd, 'cwd');
  for (const file of spec.files) {
    checkPath(file.path, 'files');
    if (file.copyOf !== undefined) checkPath(file.copyOf, `${file.path}: copyOf`);
    if (file.mode !== undefined && !labFileModePattern.test(file.mode))
      throw new LabSpecError(`${file.path}: mode ${JSON.stringify(file.mode)} is not octal`);
    if (file.mtime !== undefined && Number.isNaN(Date.parse(file.mtime)))
      throw new LabSpecError(`${file.path}: mtime ${JSON.stringify(file.mtime)} is not a date`);
  }
  if (spec.clock !== undefined && Number.isNaN(Date.parse(spec.clock)))
    throw new LabSpecError(`clock: ${JSON.stringify(spec.clock)} is not a date`);
  const withPassword = new Set<string>();
  for (const account of spec.accounts ?? []) {
    if (!labAccountNamePattern.test(account.name))
      throw new LabSpecError(`accounts: ${JSON.stringify(account.name)} is not an account name`);
    if (!labPasswordPattern.test(account.password))
      throw new LabSpecError(`accounts: ${account.name}: a password is printable ASCII without spaces or ":"`);
    if (withPassword.has(account.name)) throw new LabSpecError(`accounts: ${account.name} is named twice`);
    withPassword.add(account.name);
  }
  for (const service of spec.services ?? []) {
    if (!labAccountNamePattern.test(service.user))
      throw new LabSpecError(`services: ${JSON.stringify(service.user)} is not an account name`);
    if (service.cwd !== undefined) checkPath(service.cwd, `services: ${service.name}: cwd`);
  }
  checkNetwork(spec);
}

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function parentsOf(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}

/** Adds a path to the list kept under a key (an owner, a mode, a time): one command per key, not per path. */
function addTo(groups: Map<string, string[]>, key: string, path: string): void {
  groups.set(key, [...(groups.get(key) ?? []), path]);
}

/** The whole /etc/passwd and /etc/group, written by the shell's own printf: no program is started. */
export function accountLines(spec: LabSpec): string[] {
  const { users, groups } = labAccounts(spec);
  const fixed = new Set(['root', 'sshd', 'tcpdump', 'nobody', 'nogroup']);
  const passwd = [
    'root:x:0:0:root:/root:/bin/bash',
    ...users.filter((u) => !fixed.has(u.name)).map((u) => `${u.name}:x:${u.id}:${u.id}::${homeOf(u.name)}:/bin/bash`),
    // OpenSSH's privilege separation account, as its postinst adds it: a lab's sshd refuses to start without it.
    'sshd:x:100:65534::/run/sshd:/usr/sbin/nologin',
    // tcpdump drops root's rights to this account once it has opened the capture, as Debian's package sets it up.
    'tcpdump:x:101:101::/nonexistent:/usr/sbin/nologin',
    'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin',
  ];
  const group = [
    'root:x:0:',
    ...[...users, ...groups].filter((g) => !fixed.has(g.name)).map((g) => `${g.name}:x:${g.id}:`),
    'tcpdump:x:101:',
    ...(users.some((u) => u.name === 'shadow') || groups.some((g) => g.name === 'shadow') ? [] : ['shadow:x:42:']),
    'nogroup:x:65534:',
  ];
  // Every account has a shadow entry, without a password (`*`) unless the lab gives it one: PAM's account check
  // (sudo, su) refuses an account it cannot find there, even where no password is asked. A password is hashed in
  // the guest by BusyBox's mkpasswd (SHA-512 crypt, which PAM's pam_unix checks), read from its standard input, into
  // a variable first: a failing mkpasswd then stops the setup (`set -e`) instead of leaving the password empty.
  const passwords = new Map((spec.accounts ?? []).map((a) => [a.name, a.password]));
  const hashes: string[] = [];
  const shadow = passwd.map((line) => {
    const name = line.slice(0, line.indexOf(':'));
    const password = passwords.get(name);
    if (password === undefined) return shellQuote(`${name}:*:20000:0:99999:7:::`);
    const variable = `lab_hash_${hashes.length}`;
    const salt = cryptSaltOf(name, password);
    hashes.push(`${variable}=$(printf '%s' ${shellQuote(password)} | busybox mkpasswd -m sha512 -P 0 -S ${salt})`);
    return `${shellQuote(`${name}:`)}"$${variable}"${shellQuote(':20000:0:99999:7:::')}`;
  });
  const write = (lines: string[], file: string) => `printf '%s\\n' ${lines.map(shellQuote).join(' ')} > ${file}`;
  return [
    write(passwd, '/etc/passwd'),
    write(group, '/etc/group'),
    ...hashes,
    `printf '%s\\n' ${shadow.join(' ')} > /etc/shadow`,
    'chown root:shadow /etc/shadow',
    'chmod 640 /etc/shadow',
    ...homeLines(spec, users),
  ];
}

/** The account the image boots with (labs/build/build-image.sh), before a lab's setup names its own. */
const imageUser = 'learner';

/** The last uid Debian's adduser gives a person (`LAST_UID`); `nobody`'s 65534 is a system account's. */
const lastPersonId = 59_999;

/**
 * A home of their own for the lab's other people (uids 1000–59999, as Debian's adduser makes them), so `su - name`
 * lands there; the learner's is made with the setup. A file the lab lists there later keeps its own owner and mode.
 * The image's own account, `learner`, is no account of the lab's: its home goes, unless the lab has one so named.
 */
function homeLines(spec: LabSpec, users: { name: string; id: number }[]): string[] {
  const lines = users.some((user) => user.name === imageUser) ? [] : [`rm -rf ${homeOf(imageUser)}`];
  const people = users.filter((user) => user.id >= labUserId && user.id <= lastPersonId && user.name !== spec.user);
  if (people.length === 0) return lines;
  const homes = people.map((user) => shellQuote(homeOf(user.name)));
  lines.push(`mkdir -p ${homes.join(' ')}`, ...people.map((user, i) => `chown ${user.name}:${user.name} ${homes[i]}`));
  return lines;
}

/**
 * Directories to make before any file: the parents of every file and of the cwd. A listed directory is made in
 * its place among the files (unless a file before it needs it), so entries are created in the order given.
 */
export function directoriesOf(spec: LabSpec): string[] {
  const listedAt = new Map(spec.files.flatMap((f, i) => (f.directory ? [[f.path, i] as const] : [])));
  const wanted = [
    ...spec.files.flatMap((f, i) => parentsOf(f.path).filter((dir) => !((listedAt.get(dir) ?? Infinity) < i))),
    ...parentsOf(`${spec.cwd}/.`),
  ];
  return [...new Set(wanted)];
}

export function contentLines(file: LabFile): string[] {
  const path = shellQuote(file.path);
  if (file.directory) return [`mkdir -p ${path}`];
  // A path copied onto itself is the image's own file, given new attributes.
  if (file.copyOf !== undefined) return file.copyOf === file.path ? [] : [`cp ${shellQuote(file.copyOf)} ${path}`];
  if (file.generate !== undefined) return [`(`, file.generate, `) > ${path}`];
  if (file.content === undefined || file.content.length === 0) return [`: > ${path}`];
  if (typeof file.content === 'string') return [`printf '%s' ${shellQuote(file.content)} > ${path}`];
  return [`base64 -d > ${path} <<'@@DATA@@'`, ...wrapLines(toBase64(file.content), setupLineLength), '@@DATA@@'];
}

/**
 * Owners, then modes (chown clears setuid bits), then times, one command per owner, mode and time. Unlisted
 * directories inside the user's home are the user's; elsewhere they stay root's. Changing a file's owner, mode or
 * time does not change its directory's time, so the order within each step does not matter.
 */
export function attributeLines(spec: LabSpec, directories: string[]): string[] {
  const owners = new Map<string, string[]>();
  const modes = new Map<string, string[]>();
  const times = new Map<string, string[]>();
  const listed = new Set(spec.files.map((f) => f.path));
  const home = homeOf(spec.user);
  for (const dir of directories) {
    if (!listed.has(dir) && dir.startsWith(`${home}/`)) addTo(owners, `${spec.user}:${spec.user}`, dir);
  }
  for (const file of spec.files) {
    const owner = file.owner ?? spec.user;
    addTo(owners, `${owner}:${file.group ?? owner}`, file.path);
    addTo(modes, file.mode ?? (file.directory ? '0755' : '0644'), file.path);
    if (file.mtime) addTo(times, `@${epochSeconds(file.mtime)}`, file.path);
  }
  addTo(owners, `${spec.user}:${spec.user}`, '/run/lab-cwd');
  const quoted = (paths: string[]) => paths.map(shellQuote).join(' ');
  return [
    ...[...owners].map(([owner, paths]) => `chown -h ${owner} ${quoted(paths)}`),
    ...[...modes].map(([mode, paths]) => `chmod ${mode} ${quoted(paths)}`),
    ...[...times].map(([time, paths]) => `touch -h -d ${time} ${quoted(paths)}`),
  ];
}

/**
 * The control daemon (protocol.ts, `controlPort`): root's, on the guest's second serial port, started in the
 * background by the setup and kept in a lab's saved state. It takes only digits from the port, sets the learner's
 * terminal size with `stty` (the kernel then signals SIGWINCH to the program in the foreground) or the clock, and
 * answers each command once it is applied. Nothing the learner can write reaches the port.
 */
const controlDaemon = [
  'stty -echo',
  'while read -r id what a b; do',
  '  case "$id$a$b" in *[!0-9]*) continue ;; esac',
  '  case "$what" in',
  '    size) stty -F /dev/ttyS0 rows "$a" cols "$b" ;;',
  '    clock) date -s "@$a" > /dev/null ;;',
  '    *) continue ;;',
  '  esac',
  '  echo "$id done"',
  'done',
];

function controlLines(): string[] {
  const daemon = controlPort.daemon;
  return [
    `printf '%s\\n' ${controlDaemon.map(shellQuote).join(' ')} > ${daemon}`,
    `setsid busybox sh ${daemon} < ${controlPort.device} > ${controlPort.device} 2> /dev/null &`,
    'lab_own_session $!',
  ];
}

/**
 * Waits until a process started in the background leads a session of its own (or has ended). The setup runs in the
 * handshake's session (labs/build/lab-handshake), and the kernel hangs up that session's processes when the
 * handshake ends, right after the setup: a daemon still between its fork and its `setsid` then dies. One start in
 * four lost its control daemon that way, and the state saved at its prompt never answered the terminal's size.
 */
const ownSessionFunction = [
  'lab_own_session() { # pid',
  '  while read -r _ _ _ _ _ lab_sid _ < /proc/$1/stat 2> /dev/null && [ "$lab_sid" != "$1" ]; do sleep 0.01; done',
  '}',
];

export interface SetupScriptOptions {
  /**
   * The host's time, for a lab without a clock of its own: a saved machine state keeps the time it was saved at.
   * Left out of what names a lab's saved state (see `labStateSource`).
   */
  now?: Date;
  /** Where the host put a sealed lab's bytes in the guest's filesystem (setup-drop.ts), when it could. */
  sealedFile?: string;
}

// docs/labs.md, "A lab's setup": BusyBox's shell runs the setup, and its applets start no program.
/**
 * The POSIX shell script (run by BusyBox's sh) the guest's /init runs as root to turn the generic image into this
 * lab: clock, host name, accounts, files with their owners, modes and times, the lab network and its hosts, the
 * services (running and listening before it ends), the control daemon, the terminal's size, and who logs in where.
 */
export function buildSetupScript(spec: LabSpec, options: SetupScriptOptions = {}): string {
  checkSpec(spec);
  // Each program started in the emulated guest costs tens of milliseconds: the shell's builtins do what they can.
  const lines = ['set -eu', 'umask 022', ...ownSessionFunction];
  if (spec.clock) lines.push(`date -s @${epochSeconds(spec.clock)} > /dev/null`);
  else if (options.now) lines.push(`date -s @${Math.floor(options.now.getTime() / 1000)} > /dev/null`);
  const host = shellQuote(spec.hostname);
  lines.push(`echo ${host} > /proc/sys/kernel/hostname`, `echo ${host} > /etc/hostname`);
  lines.push(`printf '127.0.0.1 localhost\\n127.0.1.1 %s\\n' ${host} > /etc/hosts`);
  // Decision 0117: the image starts with its loopback down; a lab's services listen on 127.0.0.1, as on any host.
  lines.push('ip link set lo up');
  // A sealed lab's accounts (their passwords) come from its sealed part, which also writes /etc/passwd and group.
  if (spec.sealed) lines.push(...unsealLines(spec.sealed, options.sealedFile), 'lab_sealed_accounts');
  else lines.push(...accountLines(spec));
  if (spec.user !== 'root') {
    // BusyBox's applets, not coreutils' install (a program start of its own: about a tenth of a second).
    const home = shellQuote(homeOf(spec.user));
    lines.push(`mkdir -p ${home}`, `chown ${spec.user}:${spec.user} ${home}`, `chmod 755 ${home}`);
  }
  const directories = directoriesOf(spec);
  if (directories.length > 0) lines.push(`mkdir -p ${directories.map(shellQuote).join(' ')}`);
  for (const file of spec.files) lines.push(...contentLines(file));
  // /etc/profile changes to the directory in /run/lab-cwd for the account that owns that file.
  lines.push(`printf '%s\\n' ${shellQuote(spec.cwd)} > /run/lab-cwd`);
  if (spec.sealed) lines.push('lab_sealed_files');
  lines.push(...attributeLines(spec, directories));
  lines.push(...networkLines(spec));
  if (spec.sealed) lines.push('lab_sealed_network');
  lines.push(...serviceLines(spec, homeOf));
  if (spec.sealed) lines.push('lab_sealed_services');
  lines.push(...pythonStarterEnd());
  // Capturing needs a raw socket: the learner's tcpdump gets that one capability, as Debian's wireshark group gives
  // dumpcap, so a lab that teaches capturing need not make the learner root (who reads every file).
  if (spec.packetCapture && spec.user !== 'root') lines.push('setcap cap_net_raw+ep /usr/bin/tcpdump');
  lines.push(stageLine('shell'));
  // From here on the learner sees only their own processes, unless listing them is what the lab teaches.
  if (!spec.processesVisible) lines.push('mount -o remount,hidepid=2 /proc');
  lines.push(...controlLines());
  if (spec.columns && spec.rows) lines.push(`stty cols ${Math.floor(spec.columns)} rows ${Math.floor(spec.rows)}`);
  lines.push(`printf '%s\\n' ${shellQuote(spec.user)} > /run/lab-user`);
  return `${lines.join('\n')}\n`;
}

/**
 * What names a lab's saved machine state: its setup script without what changes from one start to the next (the
 * terminal's size and the host's time), which the host applies over the control port after a restore instead.
 */
export function labStateSource(spec: LabSpec): string {
  return buildSetupScript({ ...spec, columns: undefined, rows: undefined });
}
