import type { Access } from '@bastion/contract';
import type { Content, Problem } from './content.model.ts';

/** Something a text can point a learner at: a course, a module or a lesson, by its title. */
interface Target {
  kind: 'course' | 'module' | 'lesson';
  title: string;
  access: Access;
}

/** A free text to read: where it is (file, and the YAML field when the file is YAML) and what it says. */
interface FreeText {
  file: string;
  field?: (string | number)[];
  text: string;
}

const normal = (title: string) =>
  title
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/^the\s+/, '')
    .replace(/[\s.,:;!?]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Every course, module and lesson by its title; a premium course makes all it holds premium. */
function targets(content: Content): Map<string, Target[]> {
  const byTitle = new Map<string, Target[]>();
  // By its title, and by its slug's words ("Security Scripting" for security-scripting, titled otherwise).
  const add = (target: Target, slug: string) => {
    for (const key of new Set([normal(target.title), normal(slug.replace(/-/g, ' '))])) {
      byTitle.set(key, [...(byTitle.get(key) ?? []), target]);
    }
  };
  for (const course of content.courses) {
    add({ kind: 'course', title: course.title, access: course.access }, course.slug);
    for (const module of course.modules) {
      const access: Access = course.access === 'premium' ? 'premium' : module.access;
      add({ kind: 'module', title: module.title, access }, module.slug);
      for (const item of module.items) {
        if (item.type === 'lesson') add({ kind: 'lesson', title: item.title, access }, item.slug);
      }
    }
  }
  return byTitle;
}

/** What a free learner reads: free challenges, and everything in the free modules of free courses. */
function freeTexts(content: Content): FreeText[] {
  const texts: FreeText[] = [];
  for (const challenge of content.challenges) {
    if (challenge.access !== 'free') continue;
    texts.push({ file: challenge.file, field: ['description'], text: challenge.description });
    challenge.steps.forEach((step, index) => {
      texts.push({ file: challenge.file, field: ['steps', index, 'question'], text: step.question });
      texts.push({ file: challenge.file, field: ['steps', index, 'hint'], text: step.hint });
    });
  }
  for (const course of content.courses) {
    if (course.access !== 'free') continue;
    texts.push({ file: course.file, field: ['description'], text: course.description });
    for (const module of course.modules) {
      if (module.access !== 'free') continue;
      for (const item of module.items) {
        if (item.type === 'lesson') texts.push({ file: item.file, text: item.content });
        else {
          for (const [field, text] of [
            ['question', item.question],
            ['explanation', item.explanation],
            ['hint', item.hint],
          ] as const) {
            if (text) texts.push({ file: item.file, field: [field], text });
          }
        }
      }
    }
  }
  return texts;
}

/**
 * The titles a text points at, as authors write them: emphasised (`*Reading Network Captures*`, `**…**`,
 * `_…_`) or as a link's text (`[Hashing Evidence](/modules)`).
 */
export function namedTitles(text: string): string[] {
  const emphasis = /(?<![\w*_])(\*{1,2}|_{1,2})(?![\s*_])([^*_\n]+?)(?<!\s)\1(?![\w*_])/g;
  const links = /\[([^\]\n]+)\]\(/g;
  return [...[...text.matchAll(emphasis)].map((match) => match[2]!), ...[...text.matchAll(links)].map((m) => m[1]!)];
}

/**
 * A free challenge, lesson or quiz that sends the learner to a premium course, module or lesson: a free
 * learner is pointed at teaching they cannot open. A title shared by free teaching is not reported.
 */
export function checkFreeReferences(
  content: Content,
  lines: (file: string, field: readonly (string | number)[]) => number,
): Problem[] {
  const byTitle = targets(content);
  const problems: Problem[] = [];
  for (const { file, field, text } of freeTexts(content)) {
    const reported = new Set<string>();
    for (const named of namedTitles(text)) {
      const found = byTitle.get(normal(named));
      if (!found || found.some((target) => target.access === 'free') || reported.has(normal(named))) continue;
      reported.add(normal(named));
      const target = found[0]!;
      problems.push({
        file,
        // A lesson's body comes without its front matter: its line is the file's first, the message names the words.
        line: field ? lines(file, field) : 1,
        message: `free content refers to the premium ${target.kind} "${target.title}" (as "${named}"): a free learner cannot open it; teach what is needed in free content, or make the item premium`,
      });
    }
  }
  return problems;
}
