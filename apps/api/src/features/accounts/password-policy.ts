import { ZxcvbnFactory, type MatchExtended } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import { MESSAGES } from '@bastion/contract';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

const commonPasswords = new Set(zxcvbnCommon.dictionary['passwords-common'].map((p) => p.toLowerCase()));
const zxcvbn = new ZxcvbnFactory({ dictionary: zxcvbnCommon.dictionary, graphs: zxcvbnCommon.adjacencyGraphs });

export interface PasswordOwner {
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * The problems with a new password (empty when acceptable): length, the shipped common-password list
 * (and trivial variants of it), and closeness to the owner's username, email or name.
 */
export function passwordProblems(password: string, owner: PasswordOwner): string[] {
  if (password.length < PASSWORD_MIN_LENGTH) return [MESSAGES.passwordTooShort];
  if (password.length > PASSWORD_MAX_LENGTH) return [MESSAGES.passwordTooLong];
  const attributes = personalWords(owner);
  const result = zxcvbn.check(
    password,
    attributes.map((a) => a.word),
  );
  const similar = result.sequence.find((match) => isUserInput(match) && match.token.length * 2 >= password.length);
  if (similar) {
    const source = attributes.find((a) => a.word === (similar as { matchedWord?: string }).matchedWord)?.kind;
    return [
      source === 'email'
        ? MESSAGES.passwordSimilarToEmail
        : source === 'name'
          ? MESSAGES.passwordSimilarToName
          : MESSAGES.passwordSimilarToUsername,
    ];
  }
  // Score 0–1 means fewer than a million guesses: a listed password or a trivial variant of one.
  if (commonPasswords.has(password.toLowerCase()) || result.score < 2) return [MESSAGES.passwordTooCommon];
  return [];
}

function isUserInput(match: MatchExtended): boolean {
  return match.pattern === 'dictionary' && (match as { dictionaryName?: string }).dictionaryName === 'userInputs';
}

type Kind = 'username' | 'email' | 'name';

function personalWords(owner: PasswordOwner): { word: string; kind: Kind }[] {
  const words: { word: string; kind: Kind }[] = [];
  const add = (value: string | undefined, kind: Kind) => {
    if (!value) return;
    const lower = value.toLowerCase();
    const parts = [lower, ...lower.split(/[^a-z0-9]+/)].filter((w) => w.length >= 3);
    for (const word of parts) if (!words.some((w) => w.word === word)) words.push({ word, kind });
  };
  add(owner.username, 'username');
  add(owner.email, 'email');
  add(owner.email?.split('@')[0], 'email');
  add(owner.firstName, 'name');
  add(owner.lastName, 'name');
  return words;
}
