import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SealedScript } from '../lab-spec.ts';
import { sealKeyFile } from '../unseal.ts';
import { labImageFiles } from './lab-image.ts';

type IndexEntry = [string, number, number, number, number, number, IndexEntry[] | string];

const imageKeys = new Map<string, string>();

/**
 * The lab image's seal key (docs/labs.md): the SHA-256 of `sealKeyFile`, read from the image's index, which names
 * each file's stored bytes by that hash. The guest computes it from the file itself.
 */
export function imageSealKey(rootfsIndexPath: string = labImageFiles.rootfsIndex): string {
  const known = imageKeys.get(rootfsIndexPath);
  if (known) return known;
  const key = sealKeyIn(rootfsIndexPath);
  imageKeys.set(rootfsIndexPath, key);
  return key;
}

function sealKeyIn(rootfsIndexPath: string): string {
  const index = JSON.parse(readFileSync(rootfsIndexPath, 'utf8')) as { fsroot: IndexEntry[] };
  let entries: IndexEntry[] = index.fsroot;
  const names = sealKeyFile.split('/').filter(Boolean);
  for (const [i, name] of names.entries()) {
    const entry = entries.find((candidate) => candidate[0] === name);
    const target = entry?.[6];
    if (i === names.length - 1 && typeof target === 'string') return target.slice(0, 64);
    if (!Array.isArray(target)) break;
    entries = target;
  }
  throw new Error(`The lab image's index has no ${sealKeyFile}.`);
}

/**
 * Seals a lab's private part for the guest (unsealLines undoes it there): AES-256-CTR with the key
 * SHA-256("enc" + imageKey + salt) and `salt` as its first counter block. No MAC: the learner runs the guest, so
 * whoever could alter the sealed bytes could as well type into the machine; a wrong key shows in the first line.
 * `salt` is HMAC(saltKey, context, script): the same learner, item and content seal to the same bytes, so a lab's
 * saved state keeps its name, while two learners' seals share nothing.
 */
export function sealLab(script: string, imageKey: string, saltKey: string, context: string): SealedScript {
  const salt = createHmac('sha256', saltKey).update(`${context}\n`).update(script).digest('hex').slice(0, 32);
  const key = createHash('sha256').update(`enc${imageKey}${salt}`).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.from(salt, 'hex'));
  const data = Buffer.concat([cipher.update(script, 'utf8'), cipher.final()]);
  return { salt, data: data.toString('base64') };
}

/** What the guest reads out of a sealed part (unsealLines): for tests, and for an operator who checks a payload. */
export function openSealedLab(sealed: SealedScript, imageKey: string = imageSealKey()): string {
  const key = createHash('sha256').update(`enc${imageKey}${sealed.salt}`).digest();
  const decipher = createDecipheriv('aes-256-ctr', key, Buffer.from(sealed.salt, 'hex'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
}
