// Decision 0081: YAML as plain data: the core schema, no tags, bounded aliases.
import {
  isCollection,
  isMap,
  isNode,
  isScalar,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node,
} from 'yaml';
import type { z } from 'zod';
import type { Problem } from './content.model.ts';
import { checkYamlTexts } from './content-text.ts';
import type { Findings } from './problems.ts';

/** A parsed YAML text that can tell the line of any value in it. */
export interface YamlSource {
  file: string;
  value: unknown;
  /** 1-based line of the value at `path`, or of its nearest existing parent. */
  lineOf(path: readonly PropertyKey[]): number;
}

/**
 * How many times aliases may be expanded (the yaml package's count of expansions times their size):
 * plenty for `<<: *defaults`-style reuse, far below what a "billion laughs" document needs.
 */
export const MAX_ALIAS_COUNT = 100;

/**
 * Parses YAML as data: the core schema, no tags (`!!binary`, `!foo`, …), aliases bounded by
 * MAX_ALIAS_COUNT. Syntax errors and refused constructs are reported as problems. `firstLine` shifts
 * every line, for YAML that starts further down a file (front matter).
 */
export function parseYaml(text: string, file: string, problems: Problem[], firstLine = 1): YamlSource | undefined {
  const lineCounter = new LineCounter();
  const shift = firstLine - 1;
  const lineAt = (offset: number) => lineCounter.linePos(offset).line + shift;
  const report = (offset: number, message: string) => problems.push({ file, line: lineAt(offset), message });
  let doc: Document;
  try {
    doc = parseDocument(text, {
      lineCounter,
      prettyErrors: false,
      uniqueKeys: true,
      schema: 'core',
      resolveKnownTags: false,
    });
  } catch (error) {
    report(0, `invalid YAML: ${firstSentence((error as Error).message)}`);
    return undefined;
  }
  if (doc.errors.length > 0) {
    for (const error of doc.errors) report(error.pos[0], `invalid YAML: ${firstSentence(error.message)}`);
    return undefined;
  }
  const tagged = taggedNodes(doc);
  if (tagged.length > 0) {
    for (const node of tagged) {
      report(node.range?.[0] ?? 0, `YAML tags such as ${shortTag(node.tag!)} are not allowed: content is plain data`);
    }
    return undefined;
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    report(firstAliasOffset(doc), `invalid YAML: ${firstSentence((error as Error).message)}`);
    return undefined;
  }
  return {
    file,
    value,
    lineOf: (path) => {
      const node = deepestNode(doc, path);
      return node?.range ? lineAt(node.range[0]) : firstLine;
    },
  };
}

function taggedNodes(doc: Document): Node[] {
  const found: Node[] = [];
  visit(doc, {
    Node: (_key, node) => {
      if (node.tag) found.push(node);
    },
  });
  return found;
}

function shortTag(tag: string): string {
  return tag.replace(/^tag:yaml\.org,2002:/, '!!');
}

function firstAliasOffset(doc: Document): number {
  let offset = 0;
  visit(doc, {
    Alias: (_key, node) => {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}

/**
 * Fields that were part of the format once and are no longer read, with why: under the strict rules they are
 * problems, otherwise they are ignored with a warning.
 */
export const RETIRED_FIELDS: Record<string, string> = {
  minutes: 'is computed from the text (content/README.md, "Reading times")',
};

/**
 * Validates a YAML source against a schema; every issue becomes a problem on its own line. A field the schema
 * does not know (one it no longer reads, or never did) is a problem under the strict rules; otherwise it is
 * ignored with a warning and the rest is validated without it. Every string (a key too) is checked first: one
 * with a control character or over the size of a field is a problem, and the value is refused (content-text.ts).
 */
export function validate<S extends z.ZodType>(
  source: YamlSource,
  schema: S,
  findings: Findings,
  value: unknown = source.value,
  basePath: readonly PropertyKey[] = [],
): z.output<S> | undefined {
  const textsFit = checkYamlTexts(value, basePath, (path, message) =>
    findings.problems.push({ file: source.file, line: source.lineOf(path), message }),
  );
  // The schema's own messages would repeat a refused key.
  if (!textsFit) return undefined;
  let input = value;
  for (let pass = 0; ; pass += 1) {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    const unknownFields = result.error.issues
      .filter((issue) => issue.code === 'unrecognized_keys')
      .flatMap((issue) => issue.keys.map((key) => [...issue.path, key]));
    if (findings.strict || unknownFields.length === 0 || pass > 0) {
      reportIssues(source, result.error.issues, findings, basePath);
      return undefined;
    }
    for (const field of unknownFields) {
      const keyPath = [...basePath, ...field];
      findings.warnings.push({
        file: source.file,
        line: source.lineOf(keyPath),
        message: `${keyPath.join('.')}: ${ignoredFieldText(field)}`,
      });
    }
    input = withoutFields(input, unknownFields);
  }
}

function reportIssues(
  source: YamlSource,
  issues: z.core.$ZodIssue[],
  findings: Findings,
  basePath: readonly PropertyKey[],
): void {
  for (const issue of issues) {
    const path = [...basePath, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const keyPath = [...path, key];
        const field = [...issue.path, key];
        const text = isRetired(field) ? `${RETIRED_FIELDS[key]}: remove it` : 'unknown field';
        findings.problems.push({ file: source.file, line: source.lineOf(keyPath), message: `${keyPath.join('.')}: ${text}` });
      }
      continue;
    }
    findings.problems.push({ file: source.file, line: source.lineOf(path), message: describeIssue(path, issue) });
  }
}

/** A retired field is one at the top of the validated value. */
const isRetired = (field: readonly PropertyKey[]) => field.length === 1 && Object.hasOwn(RETIRED_FIELDS, String(field[0]));

/** The warning for a field left out: a retired one says why it went. */
const ignoredFieldText = (field: readonly PropertyKey[]) =>
  isRetired(field) ? `${RETIRED_FIELDS[String(field[0])]}; the value is ignored` : 'unknown field, ignored';

/** A copy of `value` without the fields at `paths`. */
function withoutFields(value: unknown, paths: readonly PropertyKey[][]): unknown {
  const copy = structuredClone(value);
  for (const path of paths) {
    let parent: unknown = copy;
    for (const key of path.slice(0, -1)) parent = (parent as Record<PropertyKey, unknown> | undefined)?.[key];
    if (parent && typeof parent === 'object') delete (parent as Record<PropertyKey, unknown>)[path.at(-1)!];
  }
  return copy;
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
