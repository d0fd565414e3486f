import { describe, expect, it } from 'vitest';
import { countWords, lessonMinutes, measureLesson, quizMinutes } from './reading-time.ts';

const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');

describe('countWords', () => {
  it('counts commands, paths, addresses and contractions as one word each', () => {
    expect(countWords("Run `grep -c 'Failed password' /var/log/auth.log` on 203.0.113.45, it's quick.")).toBe(10);
    expect(countWords('  -- | --- |  ')).toBe(0);
  });
});

describe('measureLesson', () => {
  it('tells prose from fenced code, and counts the commands of "Try it" sections only', () => {
    const markdown = [
      '# Title',
      '',
      'Some prose here.',
      '',
      '```bash',
      'ls -l /etc',
      '```',
      '',
      '## Try it',
      '',
      '```bash',
      '# a comment is not a command',
      'ssh-keygen -t ed25519',
      '',
      'openssl pkey -in key.pem -pubout   # print the public half',
      '```',
      '',
      '## Next',
      '',
      '~~~',
      'cat notes.txt',
      '~~~',
    ].join('\n');
    expect(measureLesson(markdown)).toEqual({ proseWords: 7, codeWords: 23, tryItCommands: 2 });
  });
});

describe('lessonMinutes', () => {
  it('reads prose at 200 words a minute and code at 100, rounding up, at least 1', () => {
    expect(lessonMinutes('Short.')).toBe(1);
    expect(lessonMinutes(words(400))).toBe(2);
    expect(lessonMinutes(words(401))).toBe(3);
    expect(lessonMinutes(`${words(200)}\n\n\`\`\`\n${words(200)}\n\`\`\`\n`)).toBe(3);
  });

  it('adds a minute for each command a "Try it" section asks for', () => {
    const tryIt = `${words(200)}\n\n## Try it now\n\n\`\`\`\nid\nwhoami\n\`\`\`\n`;
    expect(lessonMinutes(tryIt)).toBe(Math.ceil(1 + 2 / 100 + 2));
  });
});

describe('quizMinutes', () => {
  it('is the question read, 2 minutes to answer, and 3 more with a lab', () => {
    expect(quizMinutes('Which port?', false)).toBe(3);
    expect(quizMinutes('Which port?', true)).toBe(6);
    expect(quizMinutes(words(201), false)).toBe(4);
  });
});
