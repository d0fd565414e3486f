import type { Problem } from './content.model.ts';

/**
 * What the text of a content folder may hold (decision 0190). Content is imported into the database and served to
 * every learner, so a text the database refuses (NUL), one no author typed (other control characters) or one too
 * large to serve is a problem at its file and line, never something the import or a learner's page meets.
 */

/** A lesson's Markdown, or any YAML file (a quiz with its lab, a challenge, badges.yaml, a CTFd challenge.yml). */
export const MAX_TEXT_FILE_BYTES = 1024 * 1024;
/** One text field of a YAML file: a description, a question, a hint, a lab file written inline, … */
export const MAX_TEXT_FIELD_BYTES = 64 * 1024;
/** Every lesson and YAML file of one folder together (the shipped curriculum holds about 1.1 MB). */
export const MAX_FOLDER_TEXT_BYTES = 32 * 1024 * 1024;

/** Sizes as problems show them: `1 MB`, `64 KB`, `40.2 MB`; `1,048,577 bytes` where one decimal would end in .0. */
export function sizeText(bytes: number): string {
  for (const [unit, size] of [
    ['MB', 1024 * 1024],
    ['KB', 1024],
  ] as const) {
    if (bytes < size) continue;
    const value = bytes / size;
    if (Number.isInteger(value)) return `${value} ${unit}`;
    // Just over a limit (1 MB, 64 KB), one decimal would read as the limit itself: the bytes say it.
    if (!value.toFixed(1).endsWith('.0')) return `${value.toFixed(1)} ${unit}`;
    break;
  }
  return `${bytes.toLocaleString('en')} bytes`;
}

/**
 * C0 control characters but tab, line feed and carriage return, DEL, C1 controls (the `text()` policy of request
 * bodies: decision 0019), and a surrogate left without its pair.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDFFF]/u;

/** The first character text may not hold, as `U+0000`; undefined when there is none. */
export function refusedCharacter(text: string): string | undefined {
  const match = REFUSED.exec(text);
  if (!match) return undefined;
  return `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

const REFUSED_ALL = new RegExp(REFUSED.source, 'gu');

/** The text with every character it may not hold shown as U+FFFD. */
export function printable(text: string): string {
  return text.replace(REFUSED_ALL, '\uFFFD');
}

export function refusedCharacterText(character: string): string {
  return `contains the control character ${character}; text may hold line breaks and tabs, no other control character (a lab file that needs them goes in base64: or source:)`;
}

/**
 * Every line of a text (a lesson's Markdown) with a character it may not hold, as one problem at the first such line
 * (`firstLine`: the file's line the text starts on).
 */
export function checkTextLines(text: string, file: string, firstLine: number, problems: Problem[]): boolean {
  if (!REFUSED.test(text)) return true;
  const lines = text.split('\n');
  const found = lines.flatMap((line, index) => {
    const character = refusedCharacter(line);
    return character ? [{ line: firstLine + index, character }] : [];
  });
  const [first] = found;
  if (!first) return true;
  const more = found.length > 1 ? ` (and on ${found.length - 1} more line${found.length === 2 ? '' : 's'})` : '';
  problems.push({ file, line: first.line, message: `${refusedCharacterText(first.character)}${more}` });
  return false;
}

/**
 * Every string of a parsed YAML value, keys included: one with a character it may not hold, or longer than
 * MAX_TEXT_FIELD_BYTES, is a problem at its line. Walked with a stack, so a deeply nested document cannot overflow it.
 */
export function checkYamlTexts(
  value: unknown,
  basePath: readonly PropertyKey[],
  report: (path: readonly PropertyKey[], message: string) => void,
): boolean {
  let clean = true;
  const check = (text: string, at: Place, isKey: boolean) => {
    const character = refusedCharacter(text);
    const tooLong = !character && !isKey && text.length > MAX_TEXT_FIELD_BYTES / 4;
    const bytes = tooLong ? Buffer.byteLength(text, 'utf8') : 0;
    if (!character && bytes <= MAX_TEXT_FIELD_BYTES) return;
    clean = false;
    const path = pathOf(at);
    // The path is shown without the characters refused: a problem is stored and shown as text too.
    const where = path.length > 0 ? path.map((key) => printable(String(key))).join('.') : 'document';
    report(
      path,
      character
        ? `${where}: ${isKey ? 'its name ' : ''}${refusedCharacterText(character)}`
        : `${where}: is ${sizeText(bytes)}; a text field may be at most ${sizeText(MAX_TEXT_FIELD_BYTES)} (a lab file's text can go in a file of the folder, named with source:)`,
    );
  };
  // Each place keeps its parent, not its whole path: a document nested thousands deep stays linear.
  const stack: { value: unknown; at: Place }[] = [{ value, at: { parent: undefined, key: undefined, base: basePath } }];
  while (stack.length > 0) {
    const { value: current, at } = stack.pop()!;
    if (typeof current === 'string') check(current, at, false);
    else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, at: { parent: at, key: index } }));
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const place = { parent: at, key };
        check(key, place, true);
        stack.push({ value: item, at: place });
      }
    }
  }
  return clean;
}

interface Place {
  parent: Place | undefined;
  key: PropertyKey | undefined;
  base?: readonly PropertyKey[];
}

function pathOf(place: Place): PropertyKey[] {
  const keys: PropertyKey[] = [];
  let at: Place | undefined = place;
  for (; at?.parent; at = at.parent) keys.push(at.key!);
  return [...(at?.base ?? []), ...keys.reverse()];
}
