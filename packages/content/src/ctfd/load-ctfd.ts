import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { CHALLENGE_CATEGORY_MAX, type Difficulty } from '@bastion/contract';
import { ContentFiles, reportDuplicates } from '../content-files.ts';
import { SYMLINK_ENTRY } from '../content-paths.ts';
import type { Challenge, ChallengeStep, Content, Problem } from '../content.model.ts';
import { newFindings, sortProblems } from '../problems.ts';
import { parseYaml, validate, type YamlSource } from '../yaml-source.ts';
import { fromCtfdRegex, literalPattern, PatternError } from './answer-patterns.ts';
import { ctfdChallengeSchema, mapCategory, type CtfdChallenge } from './ctfd.schemas.ts';

const SPEC_FILES = ['challenge.yml', 'challenge.yaml'];
/** How deep below the given folder challenge files are looked for (`<dir>/<category>/<challenge>/challenge.yml`). */
const MAX_DEPTH = 3;

export const NO_HINT = 'No hint is available for this challenge.';
export const STEP_TITLE = 'Capture the flag';
export const STEP_QUESTION = 'What is the flag?';

/** CTFd files as read: the challenges that can be imported, and the problems of those that cannot. */
export interface LoadedCtfd {
  content: Content;
  /** Each names the file it is in; a challenge whose file has one is left out of `content`. */
  problems: Problem[];
  warnings: Problem[];
  root: string;
}

/**
 * Reads CTFd challenge files (`challenge.yml`, ctfcli's format) under `dir`: one Bastion challenge of
 * one step per file, since the format carries one flag set per challenge. Hidden challenges
 * (`state: hidden`) are left out. Problems come back with file and line, as for a content folder;
 * each challenge stands on its own: one with a problem is left out, its neighbours are not.
 */
export async function loadCtfd(dir: string): Promise<LoadedCtfd> {
  const root = path.resolve(dir);
  const findings = newFindings(false);
  const { problems, warnings } = findings;
  const files = new ContentFiles(root, findings);
  const content: Content = { courses: [], badges: [], challenges: [] };
  const specs = await findSpecs(files, root, 0);
  if (specs === null) {
    problems.push({ file: '.', line: 1, message: `${dir} is not a folder` });
    return { content, problems, warnings, root };
  }
  if (specs.length === 0) problems.push({ file: '.', line: 1, message: 'no challenge.yml found' });
  const loaded: Loaded[] = [];
  for (const spec of specs) {
    const challenge = await loadOne(files, spec);
    if (challenge) loaded.push(challenge);
  }
  reportDuplicates(
    files,
    loaded,
    (c) => c.slug,
    (c) => ({ file: c.file, line: c.line }),
    'challenge name (as a slug)',
  );
  const refused = new Set(problems.map((problem) => problem.file));
  content.challenges = loaded
    .filter((c) => c.state !== 'hidden' && !refused.has(c.file))
    .map(({ line: _line, state: _state, ...c }) => c);
  return { content, problems: sortProblems(problems), warnings, root };
}

/** Challenge files up to MAX_DEPTH folders down; symbolic links (files or folders) are reported, never followed. */
async function findSpecs(files: ContentFiles, dir: string, depth: number): Promise<string[] | null> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return null;
  }
  const own = SPEC_FILES.find((name) => entries.some((e) => (e.isFile() || e.isSymbolicLink()) && e.name === name));
  // A linked challenge.yml is returned so that reading it reports it.
  if (own) return [path.join(dir, own)];
  if (depth >= MAX_DEPTH) return [];
  const found: string[] = [];
  const visible = entries
    .filter((e) => !e.name.startsWith('.') && e.name !== 'node_modules')
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of visible) {
    if (entry.isSymbolicLink()) files.problem(path.join(dir, entry.name), 1, SYMLINK_ENTRY);
    if (!entry.isDirectory()) continue;
    found.push(...((await findSpecs(files, path.join(dir, entry.name), depth + 1)) ?? []));
  }
  return found;
}

export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// Decision 0142: a CTFd category Bastion does not know is kept as its own key, as its author wrote it.
/**
 * A category name that has no Bastion equivalent, as a category of its own: `Programming` → `programming`,
 * `Web 3` → `web-3`. Empty when the name has no letters or digits.
 */
export function categoryKey(name: string): string {
  return slugify(name).slice(0, CHALLENGE_CATEGORY_MAX).replace(/-+$/, '');
}

export function difficultyFor(points: number): Difficulty {
  return points <= 100 ? 'easy' : points <= 300 ? 'medium' : 'hard';
}

/** The first paragraph of the description as plain text, at most 200 characters. */
export function summaryOf(description: string, fallback: string): string {
  const paragraph = description.trim().split(/\n\s*\n/)[0] ?? '';
  const plain = paragraph
    .replace(/[`*_#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return fallback;
  if (plain.length <= 200) return plain;
  return `${plain.slice(0, 199).replace(/\s+\S*$/, '')}…`;
}

type Loaded = Challenge & { line: number; state: 'visible' | 'hidden' };

async function loadOne(files: ContentFiles, absolute: string): Promise<Loaded | undefined> {
  const text = await files.read(absolute);
  if (text === undefined) return undefined;
  const source = parseYaml(text, files.relative(absolute), files.problems);
  if (!source) return undefined;
  const data = validate(source, ctfdChallengeSchema, files.findings);
  if (!data) return undefined;

  const slug = slugify(data.name);
  if (!slug) files.problem(absolute, source.lineOf(['name']), 'name: needs letters or digits to make a slug');
  const category = mapCategory(data.category) ?? categoryKey(data.category);
  if (!category) files.problem(absolute, source.lineOf(['category']), 'category: needs letters or digits');
  const step = flagStep(source, data, files.problems);
  const attachments: string[] = [];
  for (const [index, file] of data.files.entries()) {
    const rel = await files.reference(absolute, file, source.lineOf(['files', index]), 'file');
    if (rel) attachments.push(rel);
  }
  if (!slug || !category || !step) return undefined;

  const description = data.connection_info
    ? `${data.description.trim()}\n\n**Connection:** \`${data.connection_info}\``
    : data.description.trim();
  return {
    slug,
    title: data.name,
    summary: summaryOf(data.description, `A ${category} challenge.`),
    description,
    category,
    difficulty: difficultyFor(step.points),
    access: 'free',
    steps: [step],
    attachments,
    file: source.file,
    line: 1,
    state: data.state,
  };
}

/**
 * The challenge's one step. Static flags are its answers; when some are case-insensitive and
 * others not, the step is case-sensitive and the case-insensitive ones become `(?i)` literal
 * patterns. Regex flags become patterns. Hints are joined into the step's one hint, their costs
 * added up (never above the points).
 */
function flagStep(source: YamlSource, data: CtfdChallenge, problems: Problem[]): ChallengeStep | undefined {
  const points = data.value ?? data.extra?.initial ?? 0;
  const flags = data.flags.map((flag) =>
    typeof flag === 'string'
      ? { type: 'static' as const, content: flag, insensitive: false }
      : { type: flag.type, content: flag.content, insensitive: flag.data === 'case_insensitive' },
  );
  const statics = flags.filter((f) => f.type === 'static');
  const mixed = statics.some((f) => f.insensitive) && statics.some((f) => !f.insensitive);
  const caseSensitive = mixed || statics.every((f) => !f.insensitive);
  const answers = statics.filter((f) => !mixed || !f.insensitive).map((f) => f.content);
  const patterns: string[] = statics.filter((f) => mixed && f.insensitive).map((f) => literalPattern(f.content, true));
  let valid = true;
  flags.forEach((flag, index) => {
    if (flag.type !== 'regex') return;
    try {
      patterns.push(fromCtfdRegex(flag.content, flag.insensitive));
    } catch (error) {
      if (!(error instanceof PatternError)) throw error;
      valid = false;
      problems.push({
        file: source.file,
        line: source.lineOf(['flags', index, 'content']),
        message: `flags.${index}: invalid regular expression (${error.message})`,
      });
    }
  });
  if (!valid) return undefined;

  const hints = data.hints.map((hint) => (typeof hint === 'string' ? { content: hint, cost: 0 } : hint));
  return {
    order: 1,
    title: STEP_TITLE,
    question: STEP_QUESTION,
    answers,
    answerPatterns: patterns,
    caseSensitive,
    answerFormat: undefined,
    points,
    hint: hints.length > 0 ? hints.map((h) => h.content.trim()).join('\n\n') : NO_HINT,
    hintCost: Math.min(
      points,
      hints.reduce((sum, h) => sum + h.cost, 0),
    ),
  };
}
