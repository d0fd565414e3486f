import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../index.ts';
import { INPUT_MESSAGES, line, text } from './text.ts';

/** Every request schema the contract exports: bodies, query strings, path parameters, patches. */
const requestSchemas = (Object.entries(contract) as Array<[string, unknown]>).filter(
  (entry): entry is [string, z.ZodObject] =>
    /(Body|Query|Params|Patch)$/.test(entry[0]) && entry[1] instanceof z.ZodObject,
);

/** The fields that hold multi-line text (R11): everything else is one line. */
const MULTI_LINE_FIELDS = [
  'profilePatchBody.bio',
  'feedbackBody.content',
  'contactBody.message',
  'quizAnswerBody.answer',
  'challengeAnswerBody.answer',
  'broadcastBody.message',
  'inboxEntryBody.text',
];

const fields = requestSchemas.flatMap(([name, schema]) =>
  Object.keys(schema.shape).map((field) => [`${name}.${field}`, schema, field] as const),
);
const refusesAt = (schema: z.ZodObject, field: string, value: unknown) =>
  schema.safeParse({ [field]: value }).error?.issues.some((issue) => issue.path[0] === field) ?? false;

describe('line() and text()', () => {
  it('refuse NUL, other C0 and C1 controls, DEL and lone surrogates, with a message that says so', () => {
    for (const schema of [line(), text()]) {
      for (const value of [
        'a\u0000b',
        '\u0001',
        'a\u001bb',
        '\u007f',
        'a\u0085b',
        '\u009f',
        'a\ud800b',
        '\udfff',
        '\udc00\ud800',
      ]) {
        const issues = schema.safeParse(value).error?.issues ?? [];
        expect(issues, JSON.stringify(value)).toHaveLength(1);
        expect(Object.values(INPUT_MESSAGES)).toContain(issues[0]!.message);
      }
    }
  });

  it('keep line breaks and tabs in text() only', () => {
    for (const value of ['a\nb', 'a\r\nb', 'a\tb']) {
      expect(text().safeParse(value).success).toBe(true);
      expect(line().safeParse(value).error?.issues[0]?.message).toBe(INPUT_MESSAGES.controlCharacters);
    }
  });

  it('keep everything else: accents, emoji (whole surrogate pairs), other scripts', () => {
    for (const value of ['Zoë Ōtsuka', '🛡️ bastion', 'مرحبا', '中文', 'a\u00a0b', '']) {
      expect(line().safeParse(value).success, value).toBe(true);
    }
  });
});

describe('every request field the contract exports', () => {
  it('is found', () => {
    expect(requestSchemas.length).toBeGreaterThan(20);
  });

  it.each(fields)('%s refuses control characters and lone surrogates', (_name, schema, field) => {
    for (const value of ['a\u0000b', 'a\u0001b', 'a\u0085b', 'a\ud800b']) {
      expect(refusesAt(schema, field, value), JSON.stringify(value)).toBe(true);
    }
  });

  it.each(fields)('%s takes a line break only if it holds multi-line text', (name, schema, field) => {
    expect(refusesAt(schema, field, 'a\nb')).toBe(!MULTI_LINE_FIELDS.includes(name));
  });

  it.each(fields)('%s takes no unbounded number', (_name, schema, field) => {
    for (const value of [1e308, -1e308, '9'.repeat(400), `-${'9'.repeat(400)}`]) {
      const parsed = schema.safeParse({ [field]: value });
      const output = parsed.success ? (parsed.data as Record<string, unknown>)[field] : undefined;
      const refused = refusesAt(schema, field, value);
      expect(refused || typeof output !== 'number', String(value).slice(0, 20)).toBe(true);
    }
  });
});
