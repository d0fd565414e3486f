import { describe, expect, it } from 'vitest';
import type { Content } from '@bastion/content';
import { secretsEarnedBefore } from './earned-secrets.ts';

const password = { length: 32, alphabet: 'alnum' as const, shared: 'ladder' };
/** A Ladder level: its own password and the next one's, which is its answer. */
const level = (n: number) => ({
  type: 'quiz' as const,
  file: `level-${n}.quiz.yaml`,
  answers: [`{{secret.pass${n + 1}}}`],
  terminal: { secrets: { [`pass${n}`]: password, [`pass${n + 1}`]: password, flag: { length: 24, alphabet: 'hex' } } },
});
const content = (items: unknown[]) =>
  ({ courses: [{ modules: [{ items: items.slice(0, 2) }, { items: items.slice(2) }] }] }) as unknown as Content;

describe('the shared secrets a quiz’s learner already holds', () => {
  it('are those an earlier quiz has for its answer, across modules; never its own answer or a secret of its own', () => {
    const held = secretsEarnedBefore(content([level(0), level(1), level(2)]));
    expect(held.get('level-0.quiz.yaml')).toEqual(new Set());
    expect(held.get('level-1.quiz.yaml')).toEqual(new Set(['pass1']));
    expect(held.get('level-2.quiz.yaml')).toEqual(new Set(['pass2']));
    // Taken out of order, a level's password is not yet earned: the probe still looks for it.
    expect(secretsEarnedBefore(content([level(2), level(1)])).get('level-2.quiz.yaml')).toEqual(new Set());
  });
});
