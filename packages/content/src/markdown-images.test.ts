import { describe, expect, it } from 'vitest';
import { localImageReferences } from './markdown-images.ts';

describe('localImageReferences', () => {
  it('finds Markdown and HTML images with their lines', () => {
    const markdown = [
      '# Title',
      '',
      '![diagram](images/net.svg "Network")',
      'Text <img src="images/a.png"> more.',
    ].join('\n');
    expect(localImageReferences(markdown)).toEqual([
      { target: 'images/net.svg', line: 3 },
      { target: 'images/a.png', line: 4 },
    ]);
  });

  it('skips remote images, code blocks and inline code', () => {
    const markdown = [
      '![remote](https://example.com/x.png)',
      '```html',
      '<img src="inside-fence.png">',
      '```',
      'An `<img src="inline.png">` tag, and ``![x](y.png)``.',
    ].join('\n');
    expect(localImageReferences(markdown)).toEqual([]);
  });
});
