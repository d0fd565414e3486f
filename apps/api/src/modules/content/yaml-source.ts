import { isCollection, isMap, isNode, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import type { Problem } from './content.model.ts';

/** A parsed YAML text that can tell the line of any value in it. */
export interface YamlSource {
  file: string;
  value: unknown;
  /** 1-based line of the value at `path`, or of its nearest existing parent. */
  lineOf(path: readonly PropertyKey[]): number;
}

/**
 * Parses YAML and reports syntax errors as problems. `firstLine` shifts every line, for
 * YAML that starts further down a file (front matter).
 */
export function parseYaml(text: string, file: string, problems: Problem[], firstLine = 1): YamlSource | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const shift = firstLine - 1;
  const lineAt = (offset: number) => lineCounter.linePos(offset).line + shift;
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      problems.push({ file, line: lineAt(error.pos[0]), message: `invalid YAML: ${firstSentence(error.message)}` });
    }
    return undefined;
  }
  return {
    file,
    value: doc.toJS(),
    lineOf: (path) => {
      const node = deepestNode(doc, path);
      return node?.range ? lineAt(node.range[0]) : firstLine;
    },
  };
}

/** Validates a YAML source against a schema; every issue becomes a problem on its own line. */
export function validate<S extends z.ZodType>(
  source: YamlSource,
  schema: S,
  problems: Problem[],
  value: unknown = source.value,
  basePath: readonly PropertyKey[] = [],
): z.output<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const path = [...basePath, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const keyPath = [...path, key];
        problems.push({
          file: source.file,
          line: source.lineOf(keyPath),
          message: `${keyPath.join('.')}: unknown field`,
        });
      }
      continue;
    }
    problems.push({ file: source.file, line: source.lineOf(path), message: describeIssue(path, issue) });
  }
  return undefined;
}

function describeIssue(path: readonly PropertyKey[], issue: z.core.$ZodIssue): string {
  const where = path.length > 0 ? path.map(String).join('.') : 'document';
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${where}: is required`;
  return `${where}: ${issue.message}`;
}

function deepestNode(doc: Document, path: readonly PropertyKey[]): Node | undefined {
  let node: unknown = doc.contents;
  let found = isNode(node) ? node : undefined;
  for (const key of path) {
    if (!isCollection(node)) break;
    const next: unknown = node.get(typeof key === 'number' ? key : String(key), true);
    if (!isNode(next)) {
      // Point unknown keys at the key itself when it exists.
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key));
        if (pair && isNode(pair.key)) found = pair.key;
      }
      break;
    }
    node = next;
    found = next;
  }
  return found;
}

function firstSentence(message: string): string {
  return message.split('\n')[0] ?? message;
}
