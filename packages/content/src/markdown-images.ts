/** Local images a Markdown text refers to (`![alt](path)` and `<img src="path">`), with their 1-based lines. */
export function localImageReferences(markdown: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  const patterns = [/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, /<img\b[^>]*\bsrc=["']([^"']+)["']/gi];
  let inFence = false;
  markdown.split('\n').forEach((lineText, index) => {
    if (/^\s*(```|~~~)/.test(lineText)) inFence = !inFence;
    if (inFence) return;
    // Inline code (`<img src="…">`) shows markup, it does not embed an image.
    const prose = lineText.replace(/(`+)[^`]*?\1/g, '');
    for (const pattern of patterns) {
      for (const match of prose.matchAll(pattern)) {
        const target = match[1] ?? '';
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('#')) continue;
        found.push({ target, line: index + 1 });
      }
    }
  });
  return found;
}
