import type {
  Access,
  BadgeRuleKind,
  ChallengeCategory,
  Difficulty,
  LabAccount,
  LabHost,
  LabNetwork,
  LabService,
} from '@bastion/contract';
import type { LabSecrets } from './lab-secrets.ts';

/** One place in the content folder: a path relative to the loaded folder, and a 1-based line. */
export interface Problem {
  file: string;
  line: number;
  message: string;
}

export interface TerminalFileAttributes {
  owner?: string;
  group?: string;
  /** Octal, as chmod takes it: "0640", "4755". */
  mode?: string;
  /** ISO 8601. */
  mtime?: string;
}

/** A lab file as the author wrote it: text alone, or an object with one of content, base64, copy_of or directory. */
export type TerminalFile =
  | string
  | (TerminalFileAttributes & { content?: string; base64?: string; copy_of?: string; generate?: string; directory?: true });

export interface TerminalEntry {
  command: string;
  output: string;
  /** Why the lab does not replay this entry (the program is not in the lab image). */
  not_replayed?: string;
  /** 1-based line of the entry in its quiz file. */
  line: number;
}

export interface Terminal {
  hostname: string;
  user: string;
  cwd: string;
  /** ISO 8601: the lab's date and time. */
  clock?: string;
  entries: TerminalEntry[];
  files: Record<string, TerminalFile>;
  network?: LabNetwork;
  hosts?: LabHost[];
  services?: LabService[];
  /** Accounts with a login password, for `su`. */
  accounts?: LabAccount[];
  /** Values each learner gets their own of, by name (lab-secrets.ts). */
  secrets?: LabSecrets;
  /** Why the learner sees every account's processes (the lab teaches listing them); otherwise /proc hides them. */
  processes_visible?: string;
  /** Why the learner captures packets: their tcpdump may then capture without root. */
  packet_capture?: string;
  /** Shell commands that solve the quiz in its lab; the replay checks that their last line is an answer. */
  solution?: string;
  solutionLine?: number;
  /** The lab image's tools the entries and the solution run, named when the content is imported (LabContent's). */
  tools?: string[];
  /** 1-based line of `terminal:` in its quiz file. */
  line: number;
}

export interface Lesson {
  type: 'lesson';
  slug: string;
  order: number;
  title: string;
  points: number;
  /** Computed from the text (reading-time.ts). */
  minutes: number;
  /** Markdown body without the front matter. */
  content: string;
  file: string;
}

export interface Quiz {
  type: 'quiz';
  slug: string;
  order: number;
  title: string;
  question: string;
  /** Accepted answers, trimmed. */
  answers: string[];
  caseSensitive: boolean;
  answerFormat?: string;
  points: number;
  /** Markdown shown once solved. */
  explanation?: string;
  /** Why the learner's account may read the answer in the lab; otherwise the replay's probe must not find it. */
  answerVisible?: string;
  /** The files the technique leads to: the probe lets the answer lie there, and nowhere else. */
  answerAt?: string[];
  /** Markdown; absent when the quiz has no hint. */
  hint?: string;
  /** Points the hint takes off the award; 0 without a hint. */
  hintCost: number;
  /** Computed from the question and whether it has a lab (reading-time.ts). */
  minutes: number;
  terminal?: Terminal;
  file: string;
}

export type ModuleItem = Lesson | Quiz;

export interface Module {
  slug: string;
  order: number;
  title: string;
  summary: string;
  difficulty: Difficulty;
  access: Access;
  /** The sum of its items' minutes. */
  minutes: number;
  /** Path relative to the content folder. */
  image?: string;
  items: ModuleItem[];
  file: string;
}

export interface Course {
  slug: string;
  order: number;
  title: string;
  summary: string;
  description: string;
  difficulty: Difficulty;
  access: Access;
  image?: string;
  /** Courses to take first (by slug), with the skills this course uses from each. */
  prerequisites: CoursePrerequisite[];
  /** An attack course: its quizzes are answered by the attack, none by reading the answer (no `answer_visible`). */
  attack: boolean;
  modules: Module[];
  file: string;
}

export interface CoursePrerequisite {
  course: string;
  skills: string;
}

export interface Badge {
  slug: string;
  name: string;
  description: string;
  image?: string;
  points: number;
  rule: { kind: BadgeRuleKind; threshold?: number };
}

export interface ChallengeStep {
  order: number;
  title: string;
  question: string;
  answers: string[];
  caseSensitive: boolean;
  answerFormat?: string;
  points: number;
  hint: string;
  hintCost: number;
  /** Shell commands that answer the step in the challenge's lab; the replay checks that their last line is an answer. */
  solution?: string;
  /** Why the learner's account may read the answer in the lab; otherwise the replay's probe must not find it. */
  answerVisible?: string;
  /** The files the technique leads to: the probe lets the answer lie there, and nowhere else. */
  answerAt?: string[];
  /** 1-based line of the step in challenge.yaml (none for an imported CTFd flag). */
  line?: number;
  /** Answers as patterns: a CTFd challenge's regex flags. The content folder's own steps never have them. */
  answerPatterns?: string[];
}

/** What a challenge's lab holds besides the attachments in the learner's home directory. */
export interface ChallengeLab {
  files: Record<string, TerminalFile>;
  network?: LabNetwork;
  hosts?: LabHost[];
  services?: LabService[];
  accounts?: LabAccount[];
  secrets?: LabSecrets;
  processes_visible?: string;
  packet_capture?: string;
  /** The lab image's tools the steps' solutions run, named when the content is imported (LabContent's). */
  tools?: string[];
}

export interface Challenge {
  slug: string;
  title: string;
  summary: string;
  description: string;
  category: ChallengeCategory;
  difficulty: Difficulty;
  access: Access;
  steps: ChallengeStep[];
  /** Paths relative to the content folder. */
  attachments: string[];
  lab?: ChallengeLab;
  file: string;
}

export interface Content {
  courses: Course[];
  badges: Badge[];
  challenges: Challenge[];
}
