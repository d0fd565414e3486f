import { describe, expect, it } from 'vitest';
import type { Problem } from './content.model.ts';
import { BILLION_LAUGHS } from '../test/content-fixtures.ts';
import { parseYaml } from './yaml-source.ts';

function parse(text: string) {
  const problems: Problem[] = [];
  const source = parseYaml(text, 'x.yaml', problems);
  return { source, problems };
}

describe('parseYaml', () => {
  it('reads plain data and keeps small aliases working', () => {
    expect(parse('a: &x [1, 2]\nb: *x\n').source?.value).toEqual({ a: [1, 2], b: [1, 2] });
  });

  it('reports a billion-laughs document as a problem instead of expanding it', () => {
    const { source, problems } = parse(BILLION_LAUGHS);
    expect(source).toBeUndefined();
    expect(problems).toEqual([{ file: 'x.yaml', line: 2, message: expect.stringMatching(/^invalid YAML: Excessive alias count/) }]);
  });

  it('refuses tags, known or custom, at their line', () => {
    const { source, problems } = parse('title: ok\nbody: !!binary aGk=\nrun: !!js/function "x"\nmine: !foo bar\n');
    expect(source).toBeUndefined();
    expect(problems).toEqual([
      { file: 'x.yaml', line: 2, message: 'YAML tags such as !!binary are not allowed: content is plain data' },
      { file: 'x.yaml', line: 3, message: 'YAML tags such as !!js/function are not allowed: content is plain data' },
      { file: 'x.yaml', line: 4, message: 'YAML tags such as !foo are not allowed: content is plain data' },
    ]);
  });

  it('reports an alias to no anchor at its line', () => {
    expect(parse('a: 1\nb: *nowhere\n').problems).toEqual([
      { file: 'x.yaml', line: 2, message: expect.stringMatching(/^invalid YAML: Unresolved alias/) },
    ]);
  });
});
