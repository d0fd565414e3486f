import path from 'node:path';
import { SLUG, type ContentFiles } from './content-files.ts';
import type { Challenge } from './content.model.ts';
import { challengeSchema } from './content.schemas.ts';
import { resolveFileSources } from './lab-file-sources.ts';
import { expandPresets } from './lab-presets.ts';
import { checkAnswerFormat } from './load-items.ts';
import { parseYaml, validate } from './yaml-source.ts';

/** `challenges/<slug>/challenge.yaml`, with attachments relative to the challenge folder. */
export async function loadChallenges(files: ContentFiles, challengesDir: string): Promise<Challenge[]> {
  const challenges: Challenge[] = [];
  for (const entry of await files.list(challengesDir)) {
    const dir = path.join(challengesDir, entry.name);
    if (!entry.isDirectory) {
      files.problem(dir, 1, 'only challenge folders belong in challenges/');
      continue;
    }
    if (!SLUG.test(entry.name)) {
      files.problem(dir, 1, `challenge slug ${entry.name} must be lowercase words joined by hyphens`);
      continue;
    }
    const challenge = await loadChallenge(files, dir, entry.name);
    if (challenge) challenges.push(challenge);
  }
  return challenges;
}

async function loadChallenge(files: ContentFiles, dir: string, slug: string): Promise<Challenge | undefined> {
  const yamlPath = path.join(dir, 'challenge.yaml');
  const text = await files.read(yamlPath);
  if (text === undefined) return undefined;
  const parsed = parseYaml(text, files.relative(yamlPath), files.problems);
  const source = parsed && (await expandPresets(files, yamlPath, parsed, 'lab'));
  if (!source) return undefined;
  const data = validate(source, challengeSchema, files.findings);
  // Attachments are checked even when other fields are wrong, so one run shows every problem.
  const raw = (source.value ?? {}) as { attachments?: unknown };
  const attachments: string[] = [];
  for (const [index, attachment] of (Array.isArray(raw.attachments) ? raw.attachments : []).entries()) {
    if (typeof attachment !== 'string' || !attachment.trim()) continue;
    const rel = await files.reference(yamlPath, attachment.trim(), source.lineOf(['attachments', index]), 'attachment');
    if (rel) attachments.push(rel);
  }
  if (!data) return undefined;
  const labFiles = data.lab && (await resolveFileSources(files, yamlPath, source, ['lab', 'files'], data.lab.files));
  if (data.lab && !labFiles) return undefined;
  data.steps.forEach((step, index) =>
    checkAnswerFormat(source, step, ['steps', index], files.problems, data.lab?.secrets),
  );
  return {
    slug,
    title: data.title,
    summary: data.summary,
    description: data.description,
    category: data.category,
    difficulty: data.difficulty,
    access: data.access,
    steps: data.steps.map((step, index) => ({
      order: index + 1,
      title: step.title,
      question: step.question,
      answers: step.answer,
      caseSensitive: step.case_sensitive,
      answerFormat: step.answer_format,
      ...(step.answer_visible !== undefined && { answerVisible: step.answer_visible }),
      ...(step.answer_at !== undefined && { answerAt: step.answer_at }),
      points: step.points,
      hint: step.hint,
      hintCost: step.hint_cost,
      solution: step.solution,
      line: source.lineOf(['steps', index]),
    })),
    attachments,
    ...(data.lab && { lab: { ...data.lab, files: labFiles ?? {} } }),
    file: source.file,
  };
}
