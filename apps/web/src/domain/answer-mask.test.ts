import { describe, expect, it } from 'vitest';
import { answerFormatProblem, describeAnswerFormat, maskGuide } from './answer-mask.ts';

const fits = (answer: string, mask: string) => answerFormatProblem(answer, mask) === null;

describe('answer format masks', () => {
  const ip = '***.***.***.***';

  it('accepts answers of the right shape, ignoring surrounding spaces and letter case', () => {
    expect(fits('192.168.001.254', ip)).toBe(true);
    expect(fits('  192.168.001.254  ', ip)).toBe(true);
    expect(fits('5432', '****')).toBe(true);
    expect(fits('FLAG{abc}', 'flag{***}')).toBe(true);
  });

  it('explains a wrong length or a wrong fixed character', () => {
    expect(answerFormatProblem('10.0.0.1', ip)).toBe(
      'The format ***.***.***.*** has 15 characters; your answer has 8.',
    );
    expect(answerFormatProblem('192-168-001-254', ip)).toBe(
      'Character 4 should be ".", as in the format ***.***.***.***.',
    );
    expect(answerFormatProblem('flag(abc)', 'flag{***}')).toBe(
      'Character 5 should be "{", as in the format flag{***}.',
    );
  });

  it('counts characters, not UTF-16 units', () => {
    expect(fits('é🙂', '**')).toBe(true);
  });

  it('needs some answer, with or without a mask', () => {
    expect(answerFormatProblem('   ', ip)).toBe('Enter your answer.');
    expect(answerFormatProblem('', null)).toBe('Enter your answer.');
    expect(answerFormatProblem('anything at all', null)).toBeNull();
    expect(answerFormatProblem('x', '')).toBeNull();
  });

  it('lays the typed answer over the mask as a guide', () => {
    expect(maskGuide('10.2', '**.**.**.**')).toBe('10.2*.**.**');
    expect(maskGuide('', '****')).toBe('****');
    expect(maskGuide('123456', '****')).toBe('1234');
  });

  it('describes the mask in words', () => {
    expect(describeAnswerFormat(ip)).toBe('15 characters, with "." where shown. Each * stands for one character.');
    expect(describeAnswerFormat('*')).toBe('1 character. Each * stands for one character.');
    expect(describeAnswerFormat('BASTION{****}')).toBe(
      '13 characters, the characters other than * as shown. Each * stands for one character.',
    );
    expect(describeAnswerFormat('** **-*')).toBe(
      '7 characters, with spaces and "-" where shown. Each * stands for one character.',
    );
  });
});
