/**
 * A lesson split into its front matter and its Markdown body, by plain text only: content is data, so
 * nothing here (or in the YAML parser the front matter goes to) can run code. Engines that evaluate
 * front matter (`---js`, `---coffee`) are the reason this is not gray-matter.
 */
export type FrontMatterSplit =
  | {
      ok: true;
      /** The YAML between the fences, and the 1-based line of the file it starts on. */
      matter: string;
      matterLine: number;
      /** Everything after the closing fence, and the 1-based line of the file it starts on. */
      body: string;
      bodyLine: number;
    }
  | { ok: false; line: number; message: string };

const FENCE = /^---[ \t]*$/;
/** `---` followed by a word (`---js`, `---json`): a front-matter language other than YAML. */
const LANGUAGE_FENCE = /^---(?!-)[ \t]*\S/;

// Decision 0080: front matter is YAML only (---js and the like are refused); gray-matter is gone.
export function splitFrontMatter(text: string): FrontMatterSplit {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const opening = lines[0] ?? '';
  if (!FENCE.test(opening)) {
    if (LANGUAGE_FENCE.test(opening)) {
      return {
        ok: false,
        line: 1,
        message: `front matter must be YAML opened by a plain --- line; "${opening.trim()}" is not allowed`,
      };
    }
    return { ok: false, line: 1, message: 'lesson must start with front matter (---, title: …, ---)' };
  }
  const closing = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (closing < 0) return { ok: false, line: 1, message: 'front matter is not closed by a --- line' };
  return {
    ok: true,
    matter: lines.slice(1, closing).join('\n'),
    matterLine: 2,
    body: lines.slice(closing + 1).join('\n'),
    bodyLine: closing + 2,
  };
}
