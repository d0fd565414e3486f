// Decision 0057: the quiz view never carries the hint or the explanation before it is taken or solved.
import {
  LEARNING_MESSAGES,
  type CompletionOutcome,
  type CourseModules,
  type CourseSummary,
  type ModuleItem,
  type ModuleLessons,
  type ModuleListQuery,
  type ModuleProgressItem,
  type ModuleSummary,
  type Paged,
  type PageQuery,
  type QuizAnswerResponse,
  type QuizHintResponse,
  type TerminalContent,
} from '@bastion/contract';
import { renderSecrets, terminalContentOf } from '@bastion/content';
import { quizLabSetup } from '@bastion/labs';
import type { Db, Executor, StoredLabSecrets } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors.ts';
import { courseRefOf, progressPercent } from '../../lib/progress.ts';
import { requireUuid } from '../../lib/ids.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import type { Throttle } from '../../lib/throttle.ts';
import type { LabSecretsService, SecretItem } from '../integrity/lab-secrets.service.ts';
import { clearAnswers, countAnswer } from '../../lib/answer-throttle.ts';
import { learnerHasPremium } from '../billing/learner-premium.ts';
import { awardPoints, COURSE_BONUS, MODULE_BONUS, type AwardOutcome } from '../gamification/points.service.ts';
import type { AnswerLog } from '../submissions/answer-log.ts';
import { answerMatches } from '../../lib/answer-check.ts';
import * as repo from './courses.repository.ts';

export interface CoursesServiceDeps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  labSecrets: LabSecretsService;
  answerLog: AnswerLog;
}

const NOTHING_COMPLETED: CompletionOutcome = {
  points_awarded: 0,
  module_completed: false,
  module_completion_id: null,
  course_completed: false,
  course_completion_id: null,
};

function outcomeOf(points: number, award: AwardOutcome): CompletionOutcome {
  return {
    points_awarded: award.awarded ? points : 0,
    module_completed: award.moduleCompleted,
    module_completion_id: award.moduleCompletionId,
    course_completed: award.courseCompleted,
    course_completion_id: award.courseCompletionId,
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

// Decision 0056: a quiz hint works as a challenge step's: taken once, free after the solve, its cost off the points.
/** Points a solve earns: the quiz's points less the hint's cost when it was taken first, never below 0. */
const quizPoints = (quiz: { points: number; hint_cost: number }, hintTaken: boolean) =>
  Math.max(0, Number(quiz.points) - (hintTaken ? Number(quiz.hint_cost) : 0));

function toCourse(row: repo.CourseRow, premium: boolean): CourseSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    description: row.description,
    difficulty: row.difficulty,
    access: row.access,
    image: row.image,
    minutes: Number(row.minutes),
    modules_count: Number(row.modules_count),
    items_count: Number(row.items_count),
    points: Number(row.points) + Number(row.modules_count) * MODULE_BONUS,
    completion_bonus: COURSE_BONUS,
    prerequisites: row.prerequisites,
    enrolled: row.enrolled,
    progress: progressPercent(Number(row.done_count), Number(row.items_count)),
    completed: row.completion_id !== null,
    completion_id: row.completion_id,
    locked: row.access === 'premium' && !premium,
  };
}

function toModule(row: repo.ModuleRow, premium: boolean): ModuleSummary {
  const access = row.access === 'premium' || row.course_access === 'premium' ? 'premium' : 'free';
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    difficulty: row.difficulty,
    access,
    image: row.image,
    minutes: Number(row.minutes),
    order: Number(row.position),
    course: courseRefOf(row),
    lessons_count: Number(row.lessons_count),
    quizzes_count: Number(row.quizzes_count),
    points: Number(row.points),
    completion_bonus: MODULE_BONUS,
    enrolled: row.enrolled,
    progress: progressPercent(Number(row.done_count), Number(row.items_count)),
    completed: row.completion_id !== null,
    completion_id: row.completion_id,
    locked: access === 'premium' && !premium,
    share_seen: row.share_seen ?? false,
  };
}

export function createCoursesService({ db, clock, throttle, labSecrets, answerLog }: CoursesServiceDeps) {
  /** A quiz as a holder of lab secrets (none without a lab that declares some). */
  const secretItem = (quiz: { id: string; title: string; secrets?: StoredLabSecrets | null }): SecretItem => ({
    type: 'quiz',
    id: quiz.id,
    title: quiz.title,
    secrets: quiz.secrets ?? {},
  });

  /** Premium status read from the database (R18), as of now. */
  const isPremium = (executor: Executor, userId: string) => learnerHasPremium(executor, userId, clock.now());

  /**
   * Premium as of now, once the learner's enrolled courses cover every module it opens: after an upgrade, or a module
   * added to a course, the learner finds the module enrolled, with no Enroll of its own to press.
   */
  async function premiumWithModules(userId: string): Promise<boolean> {
    const premium = await isPremium(db, userId);
    await repo.enrollInOpenModules(db, userId, premium, clock.now());
    return premium;
  }

  async function listCourses(userId: string): Promise<CourseSummary[]> {
    const premium = await premiumWithModules(userId);
    return (await repo.listCourses(db, userId)).map((row) => toCourse(row, premium));
  }

  async function courseModules(userId: string, courseId: string): Promise<CourseModules> {
    requireUuid(courseId);
    const premium = await premiumWithModules(userId);
    const [course] = await repo.listCourses(db, userId, courseId);
    if (!course) throw new NotFound();
    const rows = await repo.listModules(db, userId, { courseId });
    return { course: toCourse(course, premium), modules: rows.map((row) => toModule(row, premium)) };
  }

  /** Enrolls in the course and every module of it the learner may open; `created` on the first enrollment. */
  async function enrollCourse(userId: string, courseId: string): Promise<{ created: boolean }> {
    requireUuid(courseId);
    return db.transaction(async (tx) => {
      const premium = await isPremium(tx, userId);
      const [course] = await repo.listCourses(tx, userId, courseId);
      if (!course) throw new NotFound();
      if (course.access === 'premium' && !premium) throw new Forbidden(LEARNING_MESSAGES.premiumRequired);
      const now = clock.now();
      const created = await repo.insertCourseEnrollment(tx, userId, courseId, now);
      for (const module of await repo.courseModuleAccess(tx, courseId)) {
        if (module.access === 'free' || premium) await repo.insertModuleEnrollment(tx, userId, module.id, now);
      }
      return { created };
    });
  }

  async function listModules(userId: string, query: ModuleListQuery, url: string): Promise<Paged<ModuleSummary>> {
    const premium = await premiumWithModules(userId);
    const filter: repo.ModuleFilter = {
      courseId: query.course,
      difficulty: query.difficulty,
      access: query.access,
      search: query.search || undefined,
    };
    const [rows, total] = await Promise.all([
      repo.listModules(db, userId, filter, pageWindow(query)),
      repo.countModules(db, userId, filter),
    ]);
    return pagedResponse(
      rows.map((row) => toModule(row, premium)),
      total,
      query,
      url,
    );
  }

  /** A visible module with the learner's state; 404 when unknown or hidden. */
  async function findModule(executor: Executor, userId: string, moduleId: string, premium: boolean) {
    requireUuid(moduleId);
    const [row] = await repo.listModules(executor, userId, { moduleId });
    if (!row) throw new NotFound();
    return toModule(row, premium);
  }

  async function enrollModule(userId: string, moduleId: string): Promise<{ created: boolean }> {
    return db.transaction(async (tx) => {
      const module = await findModule(tx, userId, moduleId, await isPremium(tx, userId));
      if (module.locked) throw new Forbidden(LEARNING_MESSAGES.premiumRequired);
      return { created: await repo.insertModuleEnrollment(tx, userId, module.id, clock.now()) };
    });
  }

  async function markShareSeen(userId: string, moduleId: string): Promise<{ share_seen: true }> {
    await findModule(db, userId, moduleId, false);
    if (!(await repo.markShareSeen(db, userId, moduleId))) throw new NotFound();
    return { share_seen: true };
  }

  async function moduleLessons(userId: string, moduleId: string): Promise<ModuleLessons> {
    requireUuid(moduleId);
    const module = await findModule(db, userId, moduleId, await premiumWithModules(userId));
    if (module.locked) throw new Forbidden(LEARNING_MESSAGES.premiumRequired);
    const rows = await repo.listItems(db, userId, module.id);
    const items = rows.map((row): ModuleItem => {
      if (row.kind === 'lesson') {
        return {
          type: 'lesson',
          id: row.id,
          order: Number(row.position),
          title: row.title,
          content: row.content ?? '',
          points: Number(row.points),
          minutes: Number(row.minutes),
          completed: row.completed,
        };
      }
      return {
        type: 'quiz',
        id: row.id,
        order: Number(row.position),
        title: row.title,
        question: row.question ?? '',
        answer_format: row.answer_format,
        points: Number(row.points),
        minutes: Number(row.minutes),
        has_terminal: row.has_terminal,
        solved: row.completed,
        // The accepted answer and the explanation leave the server only for a learner who has solved the quiz,
        // with that learner's own secrets.
        answer_if_solved: row.completed ? labSecrets.render(row.answers?.[0] ?? null, userId, secretItem(row)) : null,
        explanation: row.completed ? labSecrets.render(row.explanation, userId, secretItem(row)) : null,
        has_hint: row.hint !== null,
        hint_cost: row.hint === null ? 0 : Number(row.hint_cost),
        hint_used: row.hint_used,
        hint: row.hint_used || row.completed ? row.hint : null,
      };
    });
    return { module, items };
  }

  /** A visible item of the given kind the learner may open; 404 / 403 otherwise. */
  async function openItem(executor: Executor, userId: string, itemId: string, kind: 'lesson' | 'quiz') {
    requireUuid(itemId);
    const item = await repo.findVisibleItem(executor, itemId);
    if (!item || item.kind !== kind) throw new NotFound();
    const premiumContent = item.module_access === 'premium' || item.course_access === 'premium';
    if (premiumContent && !(await isPremium(executor, userId))) throw new Forbidden(LEARNING_MESSAGES.premiumRequired);
    return item;
  }

  async function completeLesson(userId: string, lessonId: string): Promise<CompletionOutcome & { detail: string }> {
    const outcome = await db.transaction(async (tx) => {
      const lesson = await openItem(tx, userId, lessonId, 'lesson');
      const now = clock.now();
      if (!(await repo.touchEnrollment(tx, userId, lesson.module_id, now))) {
        throw new BadRequest(LEARNING_MESSAGES.enrollFirst);
      }
      if (!(await repo.completeItem(tx, userId, lesson.id, now))) return NOTHING_COMPLETED;
      const award = await awardPoints(
        tx,
        {
          userId,
          points: Number(lesson.points),
          reason: `Lesson completed: ${lesson.title}`,
          sourceType: 'lesson',
          sourceId: lesson.id,
        },
        now,
      );
      return outcomeOf(Number(lesson.points), award);
    });
    return { detail: LEARNING_MESSAGES.lessonCompleted, ...outcome };
  }

  async function submitAnswer(
    userId: string,
    quizId: string,
    answer: string,
    ip: string | null = null,
  ): Promise<QuizAnswerResponse> {
    const quiz = await openItem(db, userId, quizId, 'quiz');
    if (!(await repo.touchEnrollment(db, userId, quiz.module_id, clock.now()))) {
      throw new BadRequest(LEARNING_MESSAGES.enrollFirst);
    }
    // Every attempt counts against the learner's budgets for this quiz before it is judged (so parallel
    // guesses cannot slip past the limit); a correct answer clears them, leaving only wrong ones counted.
    // The throttle (a Redis round trip when configured) stays outside the transaction and its row locks.
    const budgets = [{ key: `${userId}:${quiz.id}` }];
    await countAnswer(throttle, budgets, LEARNING_MESSAGES.answerThrottled);
    const item = secretItem({ ...quiz, secrets: quiz.terminal?.secrets });
    if (!answerMatches(answer, labSecrets.render(quiz.answers ?? [], userId, item), quiz.case_sensitive)) {
      await repo.countWrongAttempt(db, userId, quiz.id);
      // Logged for the operator; another learner's flag is refused like any wrong answer, and reported too.
      await answerLog.wrong(userId, item, answer, ip);
      return { correct: false, detail: LEARNING_MESSAGES.quizIncorrect, ...NOTHING_COMPLETED, explanation: null };
    }
    await clearAnswers(throttle, budgets);
    const explanation = labSecrets.render(quiz.explanation, userId, item);
    return db.transaction(async (tx) => {
      const now = clock.now();
      const solved = await repo.completeItem(tx, userId, quiz.id, now);
      if (!solved) {
        return { correct: true, detail: LEARNING_MESSAGES.quizAlreadySolved, ...NOTHING_COMPLETED, explanation };
      }
      if (quiz.terminal) await labSecrets.weighSolve(tx, userId, item, now);
      await answerLog.solved(tx, userId, item, ip, now);
      const points = quizPoints(quiz, solved.hintTaken);
      const award = await awardPoints(
        tx,
        { userId, points, reason: `Quiz solved: ${quiz.title}`, sourceType: 'quiz', sourceId: quiz.id },
        now,
      );
      return { correct: true, detail: LEARNING_MESSAGES.quizCorrect, ...outcomeOf(points, award), explanation };
    });
  }

  /**
   * Takes the quiz's hint (R15's step hint, for a quiz): recorded once per learner, so taking it
   * again costs nothing more; taken after the quiz is solved, it is not recorded and costs nothing.
   */
  async function quizHint(userId: string, quizId: string): Promise<QuizHintResponse> {
    return db.transaction(async (tx) => {
      const quiz = await openItem(tx, userId, quizId, 'quiz');
      if (quiz.hint === null) throw new NotFound();
      if (!(await repo.touchEnrollment(tx, userId, quiz.module_id, clock.now()))) {
        throw new BadRequest(LEARNING_MESSAGES.enrollFirst);
      }
      const charged =
        (await repo.takeQuizHint(tx, userId, quiz.id, clock.now())) ||
        (await repo.itemState(tx, userId, quiz.id)).hintTaken;
      return {
        detail: LEARNING_MESSAGES.hintFetched,
        hint: quiz.hint,
        hint_cost: charged ? Number(quiz.hint_cost) : 0,
      };
    });
  }

  async function terminalContent(userId: string, quizId: string): Promise<TerminalContent> {
    const quiz = await openItem(db, userId, quizId, 'quiz');
    if (!quiz.terminal) throw new NotFound();
    const item = secretItem({ ...quiz, secrets: quiz.terminal.secrets });
    const content = renderSecrets(terminalContentOf(quiz.terminal), await labSecrets.open(userId, item));
    return labSecrets.seal(content, quizLabSetup(content), userId, item);
  }

  /** The learner's enrolled modules, most recently active first. */
  async function moduleProgress(userId: string, query: PageQuery, url: string): Promise<Paged<ModuleProgressItem>> {
    const premium = await premiumWithModules(userId);
    const filter: repo.ModuleFilter = { access: 'enrolled' };
    const [rows, total] = await Promise.all([
      repo.listModules(db, userId, filter, pageWindow(query), 'recent'),
      repo.countModules(db, userId, filter),
    ]);
    const results = rows.map((row) => {
      const module = toModule(row, premium);
      return {
        module,
        progress: module.progress,
        completed: module.completed,
        completed_at: row.completed_at === null ? null : iso(row.completed_at),
        completion_id: module.completion_id,
        last_activity: iso(row.last_activity_at ?? clock.now()),
      };
    });
    return pagedResponse(results, total, query, url);
  }

  return {
    listCourses,
    courseModules,
    enrollCourse,
    listModules,
    enrollModule,
    markShareSeen,
    moduleLessons,
    completeLesson,
    submitAnswer,
    quizHint,
    terminalContent,
    moduleProgress,
  };
}

export type CoursesService = ReturnType<typeof createCoursesService>;
