import { z } from 'zod';
import type { KnownChallengeCategory } from '@bastion/contract';
import { contentPoints } from '../content.schemas.ts';

/**
 * The fields of a CTFd / ctfcli `challenge.yml` that Bastion uses. Other fields (author, version,
 * requirements, attempts, image, protocol, tags, …) are accepted and ignored. A field left empty (YAML null,
 * `files:` with nothing under it) is read as absent, as ctfcli reads it: no files, no hints.
 */
const text = z.string().trim().min(1, 'must not be empty');
const flagData = z.enum(['case_insensitive', 'case_sensitive']).optional();

export const ctfdFlagSchema = z.union([
  text,
  z.object({
    type: z.enum(['static', 'regex']).default('static'),
    content: z.union([z.string(), z.number()]).transform(String).pipe(text),
    data: z.preprocess((value) => (value === '' || value === null ? undefined : value), flagData),
  }),
]);

export const ctfdHintSchema = z.union([
  text,
  z.object({ content: text, cost: contentPoints.default(0) }),
]);

const withoutNulls = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null))
    : value;

export const ctfdChallengeSchema = z.preprocess(
  withoutNulls,
  z
  .object({
    name: text,
    category: text,
    description: z.string().default(''),
    value: contentPoints.positive().optional(),
    type: z.enum(['standard', 'dynamic']).default('standard'),
    extra: z.object({ initial: contentPoints.positive().optional() }).optional(),
    flags: z.array(ctfdFlagSchema).min(1, 'needs at least one flag'),
    hints: z.array(ctfdHintSchema).default([]),
    files: z.array(text).default([]),
    state: z.enum(['visible', 'hidden']).default('visible'),
    connection_info: z.string().trim().optional(),
  })
  .superRefine((challenge, ctx) => {
    if (challenge.value === undefined && challenge.extra?.initial === undefined) {
      const path = challenge.type === 'dynamic' ? ['extra', 'initial'] : ['value'];
      ctx.addIssue({ code: 'custom', path, message: 'is required (the points of the challenge)' });
    }
  }),
);
export type CtfdChallenge = z.infer<typeof ctfdChallengeSchema>;

/**
 * CTFd category names (lower-cased, runs of spaces, `_` and `-` as one space) and the Bastion category each
 * becomes. Any other name is kept as a category of its own (categoryKey).
 */
export const CATEGORY_ALIASES: Record<string, KnownChallengeCategory> = {
  web: 'web',
  'web exploitation': 'web',
  webapp: 'web',
  crypto: 'crypto',
  cryptography: 'crypto',
  forensics: 'forensics',
  forensic: 'forensics',
  stego: 'forensics',
  steganography: 'forensics',
  dfir: 'forensics',
  osint: 'osint',
  recon: 'osint',
  reconnaissance: 'osint',
  linux: 'linux',
  shell: 'linux',
  bash: 'linux',
  privesc: 'linux',
  'privilege escalation': 'linux',
  network: 'network',
  networking: 'network',
  net: 'network',
  pcap: 'network',
  reverse: 'reverse',
  reversing: 'reverse',
  rev: 'reverse',
  re: 'reverse',
  'reverse engineering': 'reverse',
  pwn: 'reverse',
  binary: 'reverse',
  'binary exploitation': 'reverse',
};

export function mapCategory(name: string): KnownChallengeCategory | undefined {
  return CATEGORY_ALIASES[name.trim().toLowerCase().replace(/[\s_-]+/g, ' ')];
}
