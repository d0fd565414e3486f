import type { LabContent } from '@bastion/contract';
import { homeOf, type LabFile, type LabSetup, type SealedScript } from './lab-spec.ts';
import { networkLines, serviceLines } from './lab-network.ts';
import { accountLines, attributeLines, contentLines, directoriesOf } from './setup-script.ts';
import { shellQuote } from './shell-quote.ts';
import { sealedHeader } from './unseal.ts';

/** Whether the lab's user has `bit` (4 read, 1 search) on a file as the setup leaves it: as owner, group or other. */
function permits(file: LabFile, user: string, bit: number): boolean {
  const owner = file.owner ?? user;
  if (user === 'root' || owner === user) return true;
  const mode = parseInt(file.mode ?? (file.directory ? '0755' : '0644'), 8);
  return (mode & bit) !== 0 || ((file.group ?? owner) === user && (mode & (bit << 3)) !== 0);
}

/**
 * Whether the lab's user may read a file as the setup leaves it: its own owner, group (of the user's name) and mode,
 * and a way in through every directory the lab lists above it.
 */
export function readableBy(file: LabFile, user: string, listed: ReadonlyMap<string, LabFile> = new Map()): boolean {
  const parents = file.path
    .split('/')
    .slice(1, -1)
    .map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`);
  return permits(file, user, 0o4) && parents.every((dir) => !listed.has(dir) || permits(listed.get(dir)!, user, 0o1));
}

/** Whether a file's text, bytes or command holds one of the learner's secrets. */
function holdsSecret(file: LabFile, secrets: readonly string[]): boolean {
  const text =
    file.generate ??
    (typeof file.content === 'string'
      ? file.content
      : file.content
        ? new TextDecoder('latin1').decode(file.content)
        : '');
  return secrets.some((secret) => text.includes(secret));
}

/** A shell function with these lines as its body (`:` where there are none: sh refuses an empty body). */
const shellFunction = (name: string, body: string[]) => [`${name}() {`, ...(body.length > 0 ? body : [':']), '}'];

/**
 * The part of a lab its user may not read, as a script that defines four functions the setup runs in its place:
 * `lab_sealed_accounts` writes /etc/passwd, group and shadow (the passwords are hashed in the guest),
 * `lab_sealed_files` writes the files the user may not read, with their owners, modes and times,
 * `lab_sealed_network` lays out the lab network (which machines are on it, where, and the learner's routes: what a
 * learner finds out with `ip route` and a scan, not in the payload), and `lab_sealed_services` starts the services.
 * A file that holds one of the learner's `secrets` is sealed too, even one they may read: they find it in the lab,
 * not in the payload. Null: the lab has nothing to seal.
 */
export function sealedPart(
  spec: LabSetup,
  secrets: readonly string[] = [],
): { script: string; privatePaths: Set<string> } | null {
  const listed = new Map(spec.files.filter((file) => file.directory).map((file) => [file.path, file]));
  const privateFiles = spec.files.filter((file) => !readableBy(file, spec.user, listed) || holdsSecret(file, secrets));
  const hasPasswords = (spec.accounts ?? []).length > 0;
  const hasServices = (spec.services ?? []).length > 0;
  if (privateFiles.length === 0 && !hasPasswords && !hasServices && !spec.network) return null;
  const own = { ...spec, files: privateFiles };
  const directories = directoriesOf(own);
  const files = [
    ...(directories.length > 0 ? [`mkdir -p ${directories.map(shellQuote).join(' ')}`] : []),
    ...privateFiles.flatMap(contentLines),
    ...(privateFiles.length > 0 ? attributeLines(own, directories) : []),
  ];
  const script = [
    sealedHeader,
    ...shellFunction('lab_sealed_accounts', accountLines(spec)),
    ...shellFunction('lab_sealed_files', files),
    ...shellFunction('lab_sealed_network', networkLines(spec)),
    ...shellFunction('lab_sealed_services', serviceLines(spec, homeOf)),
  ];
  return { script: `${script.join('\n')}\n`, privatePaths: new Set(privateFiles.map((file) => file.path)) };
}

/**
 * A lab's content as the learner's browser receives it: what its user may read in clear, the rest sealed by `seal`
 * (per learner and item: the server's `sealLab`), with any file that holds one of `secrets` (the learner's values).
 * `spec` is the same lab as a setup (its user, files, services).
 */
export function sealLabContent<T extends LabContent>(
  content: T,
  spec: LabSetup,
  seal: (script: string) => SealedScript,
  secrets: readonly string[] = [],
): T {
  const part = sealedPart(spec, secrets);
  if (!part) return content;
  const keep = <V>(record: Record<string, V>) =>
    Object.fromEntries(Object.entries(record).filter(([path]) => !part.privatePaths.has(path)));
  return {
    ...content,
    files: keep(content.files),
    file_attributes: keep(content.file_attributes),
    network: null,
    hosts: [],
    services: [],
    accounts: [],
    sealed: { ...seal(part.script), networked: (spec.hosts ?? []).length > 0 },
  };
}
