import type { CourseSummary, LessonItem, ModuleLessons, QuizItem, TerminalContent } from '@bastion/contract';
import { fileAttributes, terminalContent } from '@bastion/test-kit/fixtures';
import { COURSE_ID, module } from '@test/fixtures.ts';

export {
  COURSE_COMPLETION_ID,
  COURSE_ID,
  MODULE_COMPLETION_ID as COMPLETION_ID,
  MODULE_ID,
  module,
} from '@test/fixtures.ts';

export const LESSON_ID = '2d7c4f77-7c6f-4f51-8c73-2c9c5e3d4e03';
export const LESSON2_ID = '3e8d5088-6d70-4062-9d84-3dad6f4e5f04';
export const QUIZ_ID = '4f9e6199-5e81-4173-ae95-4ebe7f5f6005';

export function course(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return {
    id: COURSE_ID,
    slug: 'linux-fundamentals',
    title: 'Linux Fundamentals',
    summary: 'Move around a Linux system with confidence.',
    description: 'Most servers you will defend run Linux.',
    difficulty: 'easy',
    access: 'free',
    image: '/media/content/linux.svg',
    minutes: 185,
    modules_count: 3,
    items_count: 21,
    points: 210,
    completion_bonus: 100,
    prerequisites: [],
    enrolled: false,
    progress: 0,
    completed: false,
    completion_id: null,
    locked: false,
    ...overrides,
  };
}

export function lesson(overrides: Partial<LessonItem> = {}): LessonItem {
  return {
    type: 'lesson',
    id: LESSON_ID,
    order: 1,
    title: 'What Is a Shell?',
    content:
      '# What Is a Shell?\n\nA **shell** reads the commands you type.\n\n| Part | Meaning |\n| --- | --- |\n| `~` | home |\n',
    points: 5,
    minutes: 4,
    completed: false,
    ...overrides,
  };
}

export function quiz(overrides: Partial<QuizItem> = {}): QuizItem {
  return {
    type: 'quiz',
    id: QUIZ_ID,
    order: 3,
    title: 'Grep the Config',
    question: 'Find the **database port**. What is it?',
    answer_format: '****',
    points: 10,
    minutes: 6,
    has_terminal: false,
    solved: false,
    answer_if_solved: null,
    explanation: null,
    has_hint: false,
    hint_cost: 0,
    hint_used: false,
    hint: null,
    ...overrides,
  };
}

export function lessons(overrides: Partial<ModuleLessons> = {}): ModuleLessons {
  return {
    module: module({ enrolled: true, progress: 0 }),
    items: [lesson(), lesson({ id: LESSON2_ID, order: 2, title: 'Navigating', content: 'Use `cd` to move.' }), quiz()],
    ...overrides,
  };
}

export const TERMINAL: TerminalContent = terminalContent({
  entries: [{ command: 'ls', output: 'app.conf  notes.txt\n' }],
  files: {
    '/home/student/app.conf': 'db_host=10.0.2.15\ndb_port=5432\n',
    '/home/student/notes.txt': 'TODO\n',
  },
  file_attributes: {
    '/home/student/app.conf': fileAttributes({ mode: '0640' }),
    '/home/student/notes.txt': fileAttributes(),
  },
});

export const outcome = (overrides: Partial<Record<string, unknown>> = {}) => ({
  points_awarded: 5,
  module_completed: false,
  module_completion_id: null,
  course_completed: false,
  course_completion_id: null,
  ...overrides,
});
