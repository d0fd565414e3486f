import { labAccounts } from './accounts.ts';
import { toBase64, wrapLines } from './base64.ts';
import { homeOf, type LabFile, type LabSpec } from './lab-spec.ts';
import { setupLineLength } from './protocol.ts';

const namePattern = /^[a-z_][a-z0-9_-]{0,31}$/;
const hostnamePattern = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const modePattern = /^[0-7]{3,4}$/;

/** A spec the guest cannot apply: the message names the field. */
export class LabSpecError extends Error {}

/** A word the shell takes literally. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function checkPath(path: string, field: string): void {
  if (!path.startsWith('/') || /[\0\n\r]/.test(path) || path.split('/').includes('..')) {
    throw new LabSpecError(
      `${field}: an absolute path without "..", newlines or NUL is required, not ${JSON.stringify(path)}`,
    );
  }
}

function checkSpec(spec: LabSpec): void {
  if (!hostnamePattern.test(spec.hostname))
    throw new LabSpecError(`hostname: ${JSON.stringify(spec.hostname)} is not a host name`);
  for (const [field, name] of [
    ['user', spec.user],
    ...spec.files.flatMap((f) => [
      ['owner', f.owner],
      ['group', f.group],
    ]),
  ]) {
    if (name !== undefined && !namePattern.test(name))
      throw new LabSpecError(`${field}: ${JSON.stringify(name)} is not an account name`);
  }
  checkPath(spec.cwd, 'cwd');
  for (const file of spec.files) {
    checkPath(file.path, 'files');
    if (file.mode !== undefined && !modePattern.test(file.mode))
      throw new LabSpecError(`${file.path}: mode ${JSON.stringify(file.mode)} is not octal`);
    if (file.mtime !== undefined && Number.isNaN(Date.parse(file.mtime)))
      throw new LabSpecError(`${file.path}: mtime ${JSON.stringify(file.mtime)} is not a date`);
  }
  if (spec.clock !== undefined && Number.isNaN(Date.parse(spec.clock)))
    throw new LabSpecError(`clock: ${JSON.stringify(spec.clock)} is not a date`);
}

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function parentsOf(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}

function accountLines(spec: LabSpec): string[] {
  const { users, groups } = labAccounts(spec);
  const lines = spec.user === 'learner' ? [] : [`sed -i '/^learner:/d' /etc/passwd /etc/group`];
  for (const { name, id } of users) {
    const entry = `${name}:x:${id}:${id}::${homeOf(name)}:/bin/bash`;
    lines.push(`grep -q ${shellQuote(`^${name}:`)} /etc/passwd || echo ${shellQuote(entry)} >> /etc/passwd`);
  }
  for (const { name, id } of [...users, ...groups]) {
    lines.push(`grep -q ${shellQuote(`^${name}:`)} /etc/group || echo ${shellQuote(`${name}:x:${id}:`)} >> /etc/group`);
  }
  if (spec.user !== 'root') {
    const home = shellQuote(homeOf(spec.user));
    lines.push(`mkdir -p ${home}`, `chown ${spec.user}:${spec.user} ${home}`, `chmod 755 ${home}`);
  }
  return lines;
}

/** Directories a file or the cwd needs that the spec does not list: inside the user's home they are the user's, else root's. */
function parentLines(spec: LabSpec): string[] {
  const listed = new Set(spec.files.filter((f) => f.directory).map((f) => f.path));
  const home = homeOf(spec.user);
  const wanted = [...spec.files.flatMap((f) => parentsOf(f.path)), ...parentsOf(`${spec.cwd}/.`)];
  const needed = [...new Set(wanted)].filter((d) => !listed.has(d));
  return needed.map((dir) => {
    const owner = dir.startsWith(`${home}/`) ? spec.user : 'root';
    return `[ -d ${shellQuote(dir)} ] || { mkdir ${shellQuote(dir)} && chown ${owner}:${owner} ${shellQuote(dir)}; }`;
  });
}

function contentLines(file: LabFile): string[] {
  const path = shellQuote(file.path);
  if (file.directory) return [`mkdir -p ${path}`];
  const bytes =
    typeof file.content === 'string' ? new TextEncoder().encode(file.content) : (file.content ?? new Uint8Array());
  if (bytes.length === 0) return [`: > ${path}`];
  return [`base64 -d > ${path} <<'@@DATA@@'`, ...wrapLines(toBase64(bytes), setupLineLength), '@@DATA@@'];
}

/** Owner, then mode (chown clears setuid bits), then time, deepest path first so a file's write does not move its directory's time. */
function attributeLines(spec: LabSpec): string[] {
  const byDepth = [...spec.files].sort((a, b) => b.path.split('/').length - a.path.split('/').length);
  return byDepth.flatMap((file) => {
    const path = shellQuote(file.path);
    const owner = file.owner ?? spec.user;
    const group = file.group ?? (file.owner ? file.owner : spec.user);
    const mode = file.mode ?? (file.directory ? '0755' : '0644');
    const lines = [`chown -h ${owner}:${group} ${path}`, `chmod ${mode} ${path}`];
    if (file.mtime) lines.push(`touch -h -d @${epochSeconds(file.mtime)} ${path}`);
    return lines;
  });
}

/**
 * The bash script the guest's /init runs as root to turn the generic image into this lab: clock, host name,
 * accounts, files with their owners, modes and times, the terminal's size, and who logs in where.
 */
export function buildSetupScript(spec: LabSpec): string {
  checkSpec(spec);
  const lines = ['set -eu', 'umask 022'];
  if (spec.clock) lines.push(`date -s @${epochSeconds(spec.clock)} > /dev/null`);
  const host = shellQuote(spec.hostname);
  lines.push(`hostname ${host}`, `echo ${host} > /etc/hostname`);
  lines.push(`printf '127.0.0.1 localhost\\n127.0.1.1 %s\\n' ${host} > /etc/hosts`);
  lines.push(...accountLines(spec), ...parentLines(spec));
  for (const file of spec.files) lines.push(...contentLines(file));
  lines.push(...attributeLines(spec));
  if (spec.columns && spec.rows) lines.push(`stty cols ${Math.floor(spec.columns)} rows ${Math.floor(spec.rows)}`);
  // /etc/profile changes to the directory in /run/lab-cwd for the account that owns that file.
  lines.push(`printf '%s\\n' ${shellQuote(spec.cwd)} > /run/lab-cwd`, `chown ${spec.user} /run/lab-cwd`);
  lines.push(`printf '%s\\n' ${shellQuote(spec.user)} > /run/lab-user`);
  return `${lines.join('\n')}\n`;
}
