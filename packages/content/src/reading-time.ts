/**
 * Estimated minutes, computed from the text instead of guessed by the author (content/README.md, "Reading
 * times"). Words are runs of letters, digits and the characters that hold a command or a path together.
 */

// Decision 0059: reading times are computed from the text, never authored; content/README.md has the rules.
/** Technical prose, read with care. */
export const PROSE_WORDS_PER_MINUTE = 200;
/** Code, commands and their output in fenced blocks are read at half that speed. */
export const CODE_WORDS_PER_MINUTE = 100;
/** Each command of a lesson's "Try it" section, typed in a terminal and its output read. */
export const MINUTES_PER_TRY_IT_COMMAND = 1;
/** Working out a quiz's answer and typing it, beyond reading the question. */
export const QUIZ_ANSWER_MINUTES = 2;
/** Exploring a quiz's lab (its recorded session and files). */
export const QUIZ_LAB_MINUTES = 3;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}_./:@'-]*/gu;
const FENCE = /^\s*(```|~~~)/;
const HEADING = /^#{1,6}\s+(.*)$/;
const TRY_IT = /^try it\b/i;

export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

export interface LessonText {
  proseWords: number;
  codeWords: number;
  /** Command lines in the code blocks of "Try it" sections (comments and blank lines aside). */
  tryItCommands: number;
}

/** Splits a lesson's Markdown into prose and fenced code, and finds the commands its "Try it" sections ask for. */
export function measureLesson(markdown: string): LessonText {
  const measured: LessonText = { proseWords: 0, codeWords: 0, tryItCommands: 0 };
  let inFence = false;
  let inTryIt = false;
  for (const line of markdown.split('\n')) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      measured.codeWords += countWords(line);
      if (inTryIt && line.trim() && !line.trim().startsWith('#')) measured.tryItCommands += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) inTryIt = TRY_IT.test(heading[1]!.trim());
    measured.proseWords += countWords(line);
  }
  return measured;
}

/** A lesson's minutes: its prose and code read at their rates, plus its "Try it" commands; at least 1. */
export function lessonMinutes(markdown: string): number {
  const { proseWords, codeWords, tryItCommands } = measureLesson(markdown);
  const reading = proseWords / PROSE_WORDS_PER_MINUTE + codeWords / CODE_WORDS_PER_MINUTE;
  return Math.max(1, Math.ceil(reading + tryItCommands * MINUTES_PER_TRY_IT_COMMAND));
}

/** A quiz's minutes: reading its question, working out the answer, and exploring its lab when it has one. */
export function quizMinutes(question: string, hasLab: boolean): number {
  const reading = Math.ceil(countWords(question) / PROSE_WORDS_PER_MINUTE);
  return reading + QUIZ_ANSWER_MINUTES + (hasLab ? QUIZ_LAB_MINUTES : 0);
}
