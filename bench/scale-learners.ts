/**
 * Simulated learners for `npm run bench:scale`: the web app's loop for one learner, compressed in time. Sign in
 * (captcha solved as the widget does), poll the navbar and notifications, take courses (lessons, quiz answers,
 * now and then a wrong one first) and challenges step by step, look at the dashboard and leaderboard, sign out
 * and in again now and then. Every award the API announces is kept, to be checked against the database.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  ChallengeAnswerResponse,
  ChallengeContent,
  ChallengeSummary,
  CourseModules,
  CourseSummary,
  ModuleLessons,
  TokenPair,
} from '@bastion/contract';
import { solveAltcha, type AltchaChallenge } from '@bastion/test-kit';
import type { Client } from './scale-client.ts';

export interface Curriculum {
  /** An accepted answer of each quiz, by the quiz's id. */
  quizAnswers: Map<string, string>;
  /** Each challenge's steps: the step's id, its `n` and an accepted answer. */
  challengeSteps: Map<string, { id: string; n: number; answer: string }[]>;
}

export interface LearnerContext {
  curriculum: Curriculum;
  /** Date.now() at which the learner stops starting anything new (may be moved while the learner runs). */
  deadline: number;
  /** The web app polls every 30 s; here compressed. */
  pollMs: number;
  thinkMs: number;
}

/**
 * What the API told one learner it awarded, by source (`lesson:<id>`, `quiz:<id>`, `challenge_step:<step id>`,
 * as in the points ledger), and the sources of writes that got no answer (their outcome is unknown).
 */
export interface Told {
  awards: Map<string, number[]>;
  unknown: Set<string>;
}

const WRONG_ANSWER = 'surely-not-the-answer';
/** Share of unsolved quizzes and steps first answered wrongly (below the answer throttle: one per quiz). */
const WRONG_FIRST = 0.25;
/** How long a learner stays signed in before signing out and in again (on average; spread ±50%). */
const SESSION_MS = 30_000;
const RETRIES = 5;

/** What a lesson, a quiz answer or a challenge step answers (a lesson has no `correct`). */
type Award = Pick<ChallengeAnswerResponse, 'points_awarded'> & { correct?: boolean };

/** Signs in through the client as the login page does (captcha solved first); null after the retries failed. */
export async function signIn(client: Client, account: { username: string; password: string }) {
  for (let attempt = 0; attempt < RETRIES * 2; attempt++) {
    const challenge = await client.send<AltchaChallenge>('read', 'GET', '/api/captcha/challenge/');
    if (challenge) {
      const body = { ...account, recaptchaToken: await solveAltcha(challenge.body) };
      const reply = await client.send<TokenPair>('write', 'POST', '/api/users/login/', { body });
      if (reply) return reply.body;
    }
    await sleep(250);
  }
  return null;
}

export class Learner {
  tokens: TokenPair | null = null;
  signIns = 0;
  readonly told: Told = { awards: new Map(), unknown: new Set() };
  private polling: Promise<unknown> = Promise.resolve();
  private signOutAt = 0;

  constructor(
    private readonly client: Client,
    readonly account: { username: string; password: string },
    private readonly context: LearnerContext,
  ) {}

  private get live(): boolean {
    return Date.now() < this.context.deadline;
  }

  /** Learns until the deadline; stays signed in (the final checks read with its session). */
  async run(): Promise<void> {
    await this.signIn();
    const poller = this.poll();
    while (this.live) {
      const tasks = shuffle(await this.tasks());
      for (const task of tasks) {
        if (!this.live) break;
        await task();
      }
      if (tasks.length === 0) await this.think();
    }
    await poller;
    this.client.close();
  }

  /** Between two actions: reads for a moment, and signs out and in again once the session's time is up. */
  private async think(): Promise<void> {
    await sleep(this.context.thinkMs * (0.5 + Math.random()));
    if (Date.now() > this.signOutAt && this.live) await this.signInAgain();
  }

  private async tasks(): Promise<(() => Promise<void>)[]> {
    const courses = (await this.read<CourseSummary[]>('/api/courses/course_list/')) ?? [];
    const challenges = (await this.read<ChallengeSummary[]>('/api/challenges/')) ?? [];
    return [
      ...courses.filter((course) => !course.locked).map((course) => () => this.takeCourse(course.id)),
      ...challenges.filter((c) => !c.locked).map((challenge) => () => this.takeChallenge(challenge.id)),
    ];
  }

  private async takeCourse(id: string): Promise<void> {
    if (!(await this.write(`/api/courses/enroll_course/${id}/`))) return;
    const course = await this.read<CourseModules>(`/api/courses/course/${id}/modules/`);
    for (const module of course?.modules.filter((m) => !m.locked) ?? []) {
      const lessons = await this.read<ModuleLessons>(`/api/courses/module/${module.id}/lessons/`);
      for (const item of lessons?.items ?? []) {
        if (!this.live) return;
        await this.think();
        if (item.type === 'lesson') {
          await this.award(`lesson:${item.id}`, `/api/courses/lesson/${item.id}/complete/`);
          continue;
        }
        const answer = this.context.curriculum.quizAnswers.get(item.id);
        if (answer === undefined) continue;
        const path = `/api/courses/quiz/${item.id}/submit_answer/`;
        if (!item.solved && Math.random() < WRONG_FIRST) await this.write(path, { answer: WRONG_ANSWER });
        await this.award(`quiz:${item.id}`, path, { answer });
      }
    }
    await this.read('/api/dashboard/summary/');
    await this.read('/api/leaderboard/');
  }

  private async takeChallenge(id: string): Promise<void> {
    const steps = this.context.curriculum.challengeSteps.get(id);
    if (!steps || !(await this.write(`/api/challenges/${id}/start/`))) return;
    const content = await this.read<ChallengeContent>(`/api/challenges/${id}/view-content/`);
    for (const step of steps) {
      if (!this.live || !content) return;
      await this.think();
      const path = `/api/challenges/${id}/step/${step.n}/`;
      const solved = content.steps.find((view) => view.order === step.n)?.solved;
      if (!solved && Math.random() < WRONG_FIRST) await this.write(path, { answer: WRONG_ANSWER });
      if (!(await this.award(`challenge_step:${step.id}`, path, { answer: step.answer }))?.correct) return;
    }
    await this.read(`/api/challenges/${id}/progress/`);
  }

  /** Polls as the web app does while signed in; stops while the learner signs in again. */
  private async poll(): Promise<void> {
    while (this.live) {
      const token = this.tokens?.access;
      if (token) {
        this.polling = Promise.all([
          this.client.send('read', 'GET', '/api/navbar/', { token }),
          this.client.send('read', 'GET', '/api/notifications/list/', { token }),
        ]);
        await this.polling;
      }
      await sleep(this.context.pollMs * (0.5 + Math.random()));
    }
  }

  private async signIn(): Promise<void> {
    this.tokens = await signIn(this.client, this.account);
    if (!this.tokens) throw new Error(`${this.account.username} could not sign in`);
    this.signIns += 1;
    this.signOutAt = Date.now() + SESSION_MS * (0.5 + Math.random());
  }

  private async signInAgain(): Promise<void> {
    const ending = this.tokens!;
    this.tokens = null;
    await this.polling;
    await this.client.send('write', 'POST', '/api/users/logout/', {
      token: ending.access,
      body: { refresh: ending.refresh },
    });
    await this.signIn();
  }

  /** A read the next step needs: tried twice. */
  private async read<T>(path: string): Promise<T | null> {
    const token = this.tokens!.access;
    const reply =
      (await this.client.send<T>('read', 'GET', path, { token })) ??
      (await sleep(250).then(() => this.client.send<T>('read', 'GET', path, { token })));
    return reply?.body ?? null;
  }

  /** A write without an award, repeated until it gets an answer, as a learner clicks again. */
  private async write(path: string, body?: unknown): Promise<boolean> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      if (await this.client.send('write', 'POST', path, { token: this.tokens!.access, body })) return true;
      await sleep(250);
    }
    return false;
  }

  /** A write that may award points for `source`: repeated until it gets an answer; the award is kept. */
  private async award(source: string, path: string, body?: unknown): Promise<Award | null> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const reply = await this.client.send<Award>('write', 'POST', path, { token: this.tokens!.access, body });
      if (reply) {
        if (reply.body.points_awarded > 0) {
          this.told.awards.set(source, [...(this.told.awards.get(source) ?? []), reply.body.points_awarded]);
        }
        return reply.body;
      }
      this.told.unknown.add(source);
      await sleep(250);
    }
    return null;
  }
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
