import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { passwordProblems } from './password-policy.ts';

const owner = {
  username: 'ada.lovelace',
  email: 'countess@analytical.example',
  firstName: 'Augusta',
  lastName: 'King',
};

describe('password policy', () => {
  it('accepts long, unusual passwords', () => {
    for (const password of [
      'Tangerine-Orbit-42',
      'correct horse battery staple',
      'x7#Lq!t9Vz&2',
      'a'.repeat(3) + 'Zebra-Quartz-81',
    ]) {
      expect(passwordProblems(password, owner), password).toEqual([]);
    }
  });

  it('wants 10 to 128 characters', () => {
    expect(passwordProblems('Zq7!xP2#k', owner)).toEqual([MESSAGES.passwordTooShort]);
    expect(passwordProblems(`${'Zq7!xP2#k'.repeat(15)}`, owner)).toEqual([MESSAGES.passwordTooLong]);
    expect(passwordProblems('Zq7!xP2#kL', owner)).toEqual([]);
  });

  it('refuses the shipped common-password list and trivial variants of it', () => {
    for (const password of ['1234567890', 'qwertyuiop', 'PASSWORD123', 'iloveyou12', 'football1234', 'aaaaaaaaaaaa']) {
      expect(passwordProblems(password, {}), password).toEqual([MESSAGES.passwordTooCommon]);
    }
  });

  it('refuses passwords close to the username, email or name', () => {
    expect(passwordProblems('Ada.Lovelace1815', owner)).toEqual([MESSAGES.passwordSimilarToUsername]);
    expect(passwordProblems('ecalevol.ada99', owner)).toEqual([MESSAGES.passwordSimilarToUsername]);
    expect(passwordProblems('countess-1815!', owner)).toEqual([MESSAGES.passwordSimilarToEmail]);
    expect(passwordProblems('augusta-1815!', owner)).toEqual([MESSAGES.passwordSimilarToName]);
  });
});
