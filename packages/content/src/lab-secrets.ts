import { createHmac } from 'node:crypto';

/**
 * A lab secret's form: `length` characters of `alphabet`, between `prefix` and `suffix`
 * (`FLAG{` + 24 letters and digits + `}`, a password of 20, a hex key behind `sk_live_`).
 */
export interface LabSecretForm {
  length: number;
  alphabet: LabSecretAlphabet;
  prefix: string;
  suffix: string;
  /** A scope the value is derived for instead of the item (`linux-ladder`): its items share the learner's value. */
  shared?: string;
}
export type LabSecrets = Record<string, LabSecretForm>;

export const LAB_SECRET_ALPHABETS = {
  alnum: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  lower: 'abcdefghijklmnopqrstuvwxyz0123456789',
  hex: '0123456789abcdef',
} as const;
export type LabSecretAlphabet = keyof typeof LAB_SECRET_ALPHABETS;

/** `{{secret.name}}`: where a lab's file, service, account, recording or answer holds a secret's value. */
export const SECRET_PLACEHOLDER = /\{\{secret\.([a-z][a-z0-9_]*)\}\}/g;
export const SECRET_NAME = /^[a-z][a-z0-9_]*$/;

/** Whose secrets: the learner and the item (a quiz or a challenge) they are derived for. */
export interface SecretOwner {
  learnerId: string;
  itemId: string;
}

/**
 * One secret's value for one learner and item: HMAC-SHA-256 of the key over learner, item (or the scope the form
 * shares it in) and name, in counter
 * mode for as many bytes as the form needs, each byte kept only below the largest multiple of the alphabet's size
 * (so every character is equally likely). The same inputs always give the same value; without the key, no value
 * says anything about another.
 */
export function secretValue(key: string, owner: SecretOwner, name: string, form: LabSecretForm): string {
  const alphabet = LAB_SECRET_ALPHABETS[form.alphabet];
  const limit = 256 - (256 % alphabet.length);
  const scope = form.shared === undefined ? owner.itemId : `shared:${form.shared}`;
  let characters = '';
  for (let block = 0; characters.length < form.length; block += 1) {
    const bytes = createHmac('sha256', key)
      .update(`bastion lab secret\n${owner.learnerId}\n${scope}\n${name}\n${block}`)
      .digest();
    for (const byte of bytes) {
      if (byte < limit && characters.length < form.length) characters += alphabet[byte % alphabet.length];
    }
  }
  return `${form.prefix}${characters}${form.suffix}`;
}

/** Every declared secret's value for one learner and item. */
export function secretValues(key: string, owner: SecretOwner, secrets: LabSecrets): Record<string, string> {
  return Object.fromEntries(
    Object.entries(secrets).map(([name, form]) => [name, secretValue(key, owner, name, form)]),
  );
}

/** The key `content validate` and its checks derive values with: any fixed key stands for a server's. */
export const VALIDATION_SECRET_KEY = 'bastion content validate';
/** The learner whose values the replay and the checks use. */
export const VALIDATION_OWNER: SecretOwner = { learnerId: 'content-validate', itemId: 'item' };

/** One learner's values, standing for every learner's: for checks that only need each value's form. */
export const sampleSecretValues = (secrets: LabSecrets): Record<string, string> =>
  secretValues(VALIDATION_SECRET_KEY, VALIDATION_OWNER, secrets);

/** The names `text` uses in placeholders. */
export function secretNamesIn(text: string): string[] {
  return [...text.matchAll(SECRET_PLACEHOLDER)].map((match) => match[1]!);
}

/** Whether `text` holds any placeholder. */
export const usesSecrets = (text: string): boolean => secretNamesIn(text).length > 0;

/** `text` with each placeholder replaced by its value; a name without a value is left as written. */
export function renderSecretText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(SECRET_PLACEHOLDER, (placeholder, name: string) => values[name] ?? placeholder);
}

/**
 * `value` with every placeholder in every string it holds replaced (objects and arrays copied, keys kept):
 * a lab's files, services, accounts and recordings, an answer list, a write-up.
 */
export function renderSecrets<T>(value: T, values: Readonly<Record<string, string>>): T {
  if (typeof value === 'string') return renderSecretText(value, values) as T;
  if (Array.isArray(value)) return value.map((entry: unknown) => renderSecrets(entry, values)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, entry]) => [name, renderSecrets(entry as unknown, values)]),
    ) as T;
  }
  return value;
}

/** How many values a form can take, as a power of two (bits): what guessing one costs. */
export function secretBits(form: LabSecretForm): number {
  return form.length * Math.log2(LAB_SECRET_ALPHABETS[form.alphabet].length);
}
