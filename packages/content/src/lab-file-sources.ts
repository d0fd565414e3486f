import path from 'node:path';
import { TextDecoder } from 'node:util';
import type { ContentFiles } from './content-files.ts';
import { readContentFile, refusalText } from './content-paths.ts';
import type { TerminalFile } from './content.model.ts';
import { MAX_TEXT_FILE_BYTES, sizeText } from './content-text.ts';
import type { YamlSource } from './yaml-source.ts';

type AuthoredFile = string | (Exclude<TerminalFile, string> & { source?: string });

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text without NUL bytes stays text; anything else travels as base64. */
function contentOf(bytes: Buffer): { content: string } | { base64: string } {
  try {
    const text = utf8.decode(bytes);
    if (!text.includes('\0')) return { content: text };
  } catch {
    // not UTF-8: bytes
  }
  return { base64: bytes.toString('base64') };
}

/**
 * A lab's files with every `source:` (a file of the content folder, relative to the file that names it) read into
 * the entry as its text or bytes, so what is stored and served is the same as a file written inline. A source
 * outside the content folder, behind a symbolic link or missing is a problem on its line, and the lab is refused.
 */
export async function resolveFileSources(
  files: ContentFiles,
  from: string,
  yaml: YamlSource,
  basePath: (string | number)[],
  authored: Record<string, AuthoredFile>,
): Promise<Record<string, TerminalFile> | undefined> {
  const resolved: Record<string, TerminalFile> = {};
  let complete = true;
  for (const [labPath, file] of Object.entries(authored)) {
    if (typeof file === 'string' || file.source === undefined) {
      resolved[labPath] = file;
      continue;
    }
    const { source, ...attributes } = file;
    const line = yaml.lineOf([...basePath, labPath, 'source']);
    const absolute = path.resolve(path.dirname(from), source);
    const read = await readContentFile(files.root, absolute, MAX_TEXT_FILE_BYTES);
    if ('refusal' in read) {
      const refusal =
        read.refusal === 'too-large'
          ? `is ${sizeText(read.size ?? 0)}; a lab file may be at most ${sizeText(MAX_TEXT_FILE_BYTES)}`
          : refusalText(read.refusal);
      files.problem(from, line, `source ${source} ${refusal}`);
      complete = false;
      continue;
    }
    resolved[labPath] = { ...attributes, ...contentOf(read.data) };
  }
  return complete ? resolved : undefined;
}
