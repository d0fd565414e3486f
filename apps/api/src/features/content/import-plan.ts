import type { Content, CoursePrerequisite, Problem, Terminal } from '@bastion/content';
import type { BadgeRuleKind, ChallengeCategory, Difficulty } from '@bastion/contract';
import type { ChallengeAttachment, ChallengeLabContent, TerminalContent } from '@bastion/db';
import { toolsNamedIn } from '@bastion/labs';
import { MediaCollector, rewriteLessonImages, type MediaAsset } from './import-media.ts';

/** The rows one content folder should have, keyed by slug, with their media. */
export interface ImportPlan {
  courses: PlannedCourse[];
  badges: Planned<BadgeValues>[];
  challenges: PlannedChallenge[];
  media: MediaAsset[];
}

export interface Planned<V> {
  slug: string;
  position: number;
  /** Where the row is authored, for problems found while importing. */
  file: string;
  values: V;
}

export interface CourseValues {
  title: string;
  summary: string;
  description: string;
  difficulty: Difficulty;
  access: 'free' | 'premium';
  image: string | null;
  prerequisites: CoursePrerequisite[];
}
export interface ModuleValues {
  title: string;
  summary: string;
  difficulty: Difficulty;
  access: 'free' | 'premium';
  minutes: number;
  image: string | null;
}
export interface ItemValues {
  kind: 'lesson' | 'quiz';
  title: string;
  points: number;
  minutes: number | null;
  content: string | null;
  question: string | null;
  answers: string[] | null;
  caseSensitive: boolean;
  answerFormat: string | null;
  terminal: TerminalContent | null;
  explanation: string | null;
  hint: string | null;
  hintCost: number;
}
export interface BadgeValues {
  name: string;
  description: string;
  image: string | null;
  points: number;
  ruleKind: BadgeRuleKind;
  ruleThreshold: number;
}
export interface ChallengeValues {
  title: string;
  summary: string;
  description: string;
  category: ChallengeCategory;
  difficulty: Difficulty;
  access: 'free' | 'premium';
  attachments: ChallengeAttachment[];
  lab: ChallengeLabContent | null;
}
export interface StepValues {
  position: number;
  title: string;
  question: string;
  answers: string[];
  answerPatterns: string[];
  caseSensitive: boolean;
  answerFormat: string | null;
  points: number;
  hint: string;
  hintCost: number;
  solution: string | null;
}

export type PlannedCourse = Planned<CourseValues> & { modules: PlannedModule[] };
export type PlannedModule = Planned<ModuleValues> & { items: Planned<ItemValues>[] };
export type PlannedChallenge = Planned<ChallengeValues> & { steps: StepValues[] };

const DIFFICULTY_RANK: Record<Difficulty, number> = { easy: 0, medium: 1, hard: 2 };

/**
 * Challenges carry no order of their own in the folder: they are listed from the easiest to the hardest,
 * then by slug. Courses come in the catalogue order the loader gives them (`order` in course.yaml).
 */
export function byDifficultyThenSlug<T extends { slug: string; difficulty: Difficulty }>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) => DIFFICULTY_RANK[a.difficulty] - DIFFICULTY_RANK[b.difficulty] || a.slug.localeCompare(b.slug),
  );
}

/**
 * Turns a loaded (valid) folder into rows. Images and attachments are read here, outside any
 * transaction; a file that cannot be served becomes a problem.
 */
export async function buildImportPlan(
  content: Content,
  root: string,
): Promise<{ plan: ImportPlan; problems: Problem[] }> {
  const problems: Problem[] = [];
  const media = new MediaCollector(root, problems);
  const image = (rel: string | undefined, file: string) => (rel ? media.image(rel, { file, line: 1 }) : null);

  const courses: PlannedCourse[] = [];
  for (const course of content.courses) {
    const modules: PlannedModule[] = [];
    for (const module of course.modules) {
      const items: Planned<ItemValues>[] = [];
      for (const item of module.items) {
        const base = { slug: item.slug, position: item.order, file: item.file };
        if (item.type === 'lesson') {
          const markdown = await rewriteLessonImages(item.content, item.file, media);
          items.push({ ...base, values: lessonValues(item.title, item.points, item.minutes, markdown) });
        } else {
          items.push({
            ...base,
            values: {
              kind: 'quiz',
              title: item.title,
              points: item.points,
              minutes: item.minutes,
              content: null,
              question: item.question,
              answers: item.answers,
              caseSensitive: item.caseSensitive,
              answerFormat: item.answerFormat ?? null,
              terminal: item.terminal ? storedTerminal(item.terminal, item.answers) : null,
              explanation: item.explanation ?? null,
              hint: item.hint ?? null,
              hintCost: item.hintCost,
            },
          });
        }
      }
      modules.push({
        slug: module.slug,
        position: module.order,
        file: module.file,
        values: {
          title: module.title,
          summary: module.summary,
          difficulty: module.difficulty,
          access: module.access,
          minutes: module.minutes,
          image: await image(module.image, module.file),
        },
        items,
      });
    }
    courses.push({
      slug: course.slug,
      position: course.order,
      file: course.file,
      values: {
        title: course.title,
        summary: course.summary,
        description: course.description,
        difficulty: course.difficulty,
        access: course.access,
        image: await image(course.image, course.file),
        prerequisites: course.prerequisites,
      },
      modules,
    });
  }

  const badges: Planned<BadgeValues>[] = [];
  for (const [index, badge] of content.badges.entries()) {
    badges.push({
      slug: badge.slug,
      position: index + 1,
      file: 'badges.yaml',
      values: {
        name: badge.name,
        description: badge.description,
        image: await image(badge.image, 'badges.yaml'),
        points: badge.points,
        ruleKind: badge.rule.kind,
        ruleThreshold: badge.rule.threshold ?? 1,
      },
    });
  }

  const challenges: PlannedChallenge[] = [];
  for (const [index, challenge] of byDifficultyThenSlug(content.challenges).entries()) {
    const attachments: ChallengeAttachment[] = [];
    for (const rel of challenge.attachments) {
      const attachment = await media.attachment(rel, { file: challenge.file, line: 1 });
      if (attachment) attachments.push(attachment);
    }
    challenges.push({
      slug: challenge.slug,
      position: index + 1,
      file: challenge.file,
      values: {
        title: challenge.title,
        summary: challenge.summary,
        description: challenge.description,
        category: challenge.category,
        difficulty: challenge.difficulty,
        access: challenge.access,
        attachments,
        lab: challenge.lab
          ? {
              ...challenge.lab,
              tools: toolsRun(
                challenge.steps.map((step) => step.solution ?? ''),
                challenge.steps.flatMap((step) => step.answers),
              ),
            }
          : null,
      },
      steps: challenge.steps.map((step) => ({
        position: step.order,
        title: step.title,
        question: step.question,
        answers: step.answers,
        answerPatterns: step.answerPatterns ?? [],
        caseSensitive: step.caseSensitive,
        answerFormat: step.answerFormat ?? null,
        points: step.points,
        hint: step.hint,
        hintCost: step.hintCost,
        solution: step.solution?.trimEnd() ?? null,
      })),
    });
  }

  return { plan: { courses, badges, challenges, media: media.assets }, problems };
}

function lessonValues(title: string, points: number, minutes: number, content: string): ItemValues {
  return {
    kind: 'lesson',
    title,
    points,
    minutes,
    content,
    question: null,
    answers: null,
    caseSensitive: false,
    answerFormat: null,
    terminal: null,
    explanation: null,
    hint: null,
    hintCost: 0,
  };
}

/**
 * The image's tools `commands` run, whose files the page fetches once the lab's prompt shows, but never a tool that is
 * itself an answer ("Which program…?").
 */
function toolsRun(commands: string[], answers: readonly string[]): string[] {
  const answered = new Set(answers.map((answer) => answer.trim().toLowerCase()));
  return toolsNamedIn(commands).filter((tool) => !answered.has(tool));
}

/**
 * The terminal as stored: what the author wrote, without the lines and the solution that only validation needs, and
 * the image's tools the entries and the solution run.
 */
function storedTerminal(terminal: Terminal, answers: readonly string[]): TerminalContent {
  const { line: _line, solution, solutionLine: _solutionLine, entries, ...stored } = terminal;
  return {
    ...stored,
    entries: entries.map(({ line: _entryLine, ...entry }) => entry),
    tools: toolsRun([...entries.map((entry) => entry.command), solution ?? ''], answers),
  };
}
