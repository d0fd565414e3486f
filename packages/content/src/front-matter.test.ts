import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './front-matter.ts';

describe('splitFrontMatter', () => {
  it('splits YAML front matter from the body, with the lines each starts on', () => {
    expect(splitFrontMatter('---\ntitle: T\nminutes: 3\n---\n\n# Body\n')).toEqual({
      ok: true,
      matter: 'title: T\nminutes: 3',
      matterLine: 2,
      body: '\n# Body\n',
      bodyLine: 5,
    });
    expect(splitFrontMatter('\uFEFF---\r\ntitle: T\r\n---  \r\nBody')).toMatchObject({ ok: true, matter: 'title: T', body: 'Body' });
  });

  it('refuses every front-matter language but YAML, at line 1', () => {
    for (const opening of ['---js', '---javascript', '---coffee', '---json', '--- js', '---yaml', '---anything']) {
      expect(splitFrontMatter(`${opening}\n{ title: "t" }\n---\n# b\n`), opening).toEqual({
        ok: false,
        line: 1,
        message: `front matter must be YAML opened by a plain --- line; "${opening}" is not allowed`,
      });
    }
  });

  it('reports a missing or unclosed front matter', () => {
    expect(splitFrontMatter('# Just Markdown\n')).toMatchObject({ ok: false, line: 1, message: /must start with front matter/ });
    expect(splitFrontMatter('----\n# Rule\n')).toMatchObject({ ok: false, message: /must start with front matter/ });
    expect(splitFrontMatter('---\ntitle: T\n# no end\n')).toEqual({
      ok: false,
      line: 1,
      message: 'front matter is not closed by a --- line',
    });
  });
});
