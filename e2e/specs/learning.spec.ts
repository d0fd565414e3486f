import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Learner, type Tokens } from '../support/accounts.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { shippedQuizAnswers, type QuizAnswers } from '../support/content-answers.ts';
import { learningApi, type Item } from '../support/learning-api.ts';
import { navbarPoints, screenTour } from '../support/screen-tour.ts';
import { url } from '../support/server.ts';

const COURSE = 'linux-fundamentals';
const COURSE_TITLE = 'Linux Fundamentals';

describe('a learner takes a course from enrollment to certificate', () => {
  let browser: Browser;
  let learner: Learner;
  let tokens: Tokens;
  let answers: QuizAnswers;
  const tour = screenTour('learning');

  beforeAll(async () => {
    browser = await launchBrowser();
    learner = await createVerifiedLearner('course');
    tokens = await signInViaApi(learner);
    const profile = await fetch(url('/api/users/profile/'), { headers: { authorization: `Bearer ${tokens.access}` } });
    // A quiz whose lab holds a flag gives each learner their own: the learner's id works it out, as the server does.
    answers = await shippedQuizAnswers(((await profile.json()) as { id: string }).id);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const capture = (page: Page, name: string, signedIn = true) =>
    tour.capture(page, name, { signedIn, revisit: name !== 'badge-dialog' });

  async function collectBadges(page: Page) {
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await capture(page, 'badge-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: /collect/i }).click();
    await page.getByText('You have collected the badges.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Completes every item but the last through the API; the page does the last one. */
  async function completeAllBut(items: Item[], keep: number) {
    const api = learningApi(tokens);
    for (const item of items.slice(0, items.length - keep)) {
      if (item.type === 'lesson') await api.completeLesson(item.id);
      else await api.answerQuiz(item.id, answers(item));
    }
  }

  it('enrolls, reads, answers a terminal quiz, completes a module and the course, and shares it', async () => {
    const api = learningApi(tokens);
    const page = await newPage(browser, { tokens, theme: 'dark' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // Enroll from the course list.
    await page.goto(url('/courses'));
    await page.getByRole('button', { name: `Enroll in ${COURSE_TITLE}` }).click();
    await page.getByText('You have enrolled in the course.').waitFor();
    await capture(page, 'courses');

    const course = await api.course(COURSE);
    const [firstModule, ...otherModules] = await api.modules(course.id);
    const items = await api.items(firstModule!.id);

    // The course's modules among all of them, filtered to the enrolled ones.
    await page.goto(url('/modules'));
    await page.getByRole('combobox', { name: 'Access' }).click();
    await page.getByRole('option', { name: 'Enrolled' }).click();
    await page.waitForURL(/access=enrolled/);
    await page.getByText(firstModule!.title).first().waitFor();
    await capture(page, 'modules');

    // The course page: its header art fills its column, as tall as the text beside it.
    await page.goto(url(`/courses/course/${course.id}/modules`));
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1, name: COURSE_TITLE }) });
    await header.waitFor();
    const [headerBox, artBox] = await Promise.all([
      header.boundingBox(),
      header.locator(':scope > :first-child').boundingBox(),
    ]);
    expect(Math.abs(artBox!.height - headerBox!.height)).toBeLessThanOrEqual(2);
    await capture(page, 'course');

    // Read the first lesson and mark it complete: the first badge arrives.
    await page.goto(url(`/courses/module/${firstModule!.id}/lessons`));
    await page.getByRole('heading', { name: items[0]!.title }).first().waitFor();
    await capture(page, 'lesson');
    const pointsBefore = await navbarPoints(page);
    await page.getByRole('button', { name: 'Mark complete' }).click();
    await page.getByText('Lesson completed successfully.').waitFor();
    await collectBadges(page);
    await expect.poll(() => navbarPoints(page), { timeout: 10_000 }).toBeGreaterThan(pointsBefore);

    // The first quiz with a terminal: its recorded session (the real lab has its own spec), then the answer.
    await api.completeLesson(items[1]!.id);
    const quiz = items[2]!;
    expect(quiz.type).toBe('quiz');
    await page.goto(url(`/courses/module/${firstModule!.id}/lessons?item=${quiz.id}`));
    const skip = page.getByRole('button', { name: 'Skip replay' });
    if (await skip.isVisible()) await skip.click();
    await page.getByRole('log').getByText('End of the recording', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Start lab' }).waitFor();
    await capture(page, 'quiz-terminal');
    await page.getByLabel('Your answer').fill(answers(quiz));
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByText('Correct answer!').waitFor();

    // Finish the module on the page: the completion panel and the module's public page.
    await completeAllBut(await api.items(firstModule!.id), 1);
    const last = (await api.items(firstModule!.id)).at(-1)!;
    await page.goto(url(`/courses/module/${firstModule!.id}/lessons?item=${last.id}`));
    if (last.type === 'lesson') await page.getByRole('button', { name: 'Mark complete' }).click();
    else {
      await page.getByLabel('Your answer').fill(answers(last));
      await page.getByRole('button', { name: 'Submit answer' }).click();
    }
    // The badge dialog comes first: while it is open the page behind it is hidden from assistive tech.
    await collectBadges(page);
    await page.getByRole('heading', { name: 'Module complete!' }).waitFor();
    await capture(page, 'module-complete');

    // The notification of the module's completion, opened from the bell.
    await page.getByRole('button', { name: /notifications/i }).click();
    const menu = page.getByRole('dialog', { name: 'Notifications' });
    await menu
      .getByText(/module completed/i)
      .first()
      .click();
    await page.waitForURL(/\/notifications\?selected=/);
    await capture(page, 'notifications');

    // The whole course is free: a free learner finishes it and earns its certificate.
    await api.enrollCourse(course.id);
    const modules = await api.modules(course.id);
    for (const module of modules.slice(1, -1)) await completeAllBut(await api.items(module.id), 0);
    const finalModule = modules.at(-1)!;
    expect(otherModules.length).toBeGreaterThan(0);
    await completeAllBut(await api.items(finalModule.id), 1);
    const finalItem = (await api.items(finalModule.id)).at(-1)!;
    await page.goto(url(`/courses/module/${finalModule.id}/lessons?item=${finalItem.id}`));
    // The badges earned on the way through the API greet the learner first.
    await collectBadges(page);
    if (finalItem.type === 'lesson') await page.getByRole('button', { name: 'Mark complete' }).click();
    else {
      await page.getByLabel('Your answer').fill(answers(finalItem));
      await page.getByRole('button', { name: 'Submit answer' }).click();
    }
    await collectBadges(page);
    await page.getByRole('link', { name: 'Course complete: your certificate' }).waitFor();
    // The certificate is still offered after a reload: it comes from the course's state.
    await page.reload();
    await page.getByRole('link', { name: 'Course complete: your certificate' }).click();
    await page.waitForURL(/\/completion\/course\//);
    const certificateUrl = page.url();

    // The certificate PDF, downloaded by its owner.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /download/i }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await capture(page, 'certificate-owner');

    // Anyone with the link sees the completion, signed out.
    const visitor = await newPage(browser, { theme: 'dark' });
    await visitor.goto(certificateUrl);
    await visitor.getByText(COURSE_TITLE).first().waitFor();
    await visitor.getByText(`${learner.first_name} ${learner.last_name}`).first().waitFor();
    expect(await visitor.getByRole('button', { name: /download/i }).count()).toBe(0);
    await capture(visitor, 'certificate-public', false);

    // The dashboard reflects it all.
    await page.goto(url('/dashboard'));
    await page.getByRole('region', { name: 'Continue learning' }).waitFor();
    await capture(page, 'dashboard');
    expect(errors).toEqual([]);
  });

  it('shows the same screens accessibly in the light theme and at 375 px', async () => {
    expect(tour.visited.length).toBeGreaterThan(5);
    await tour.revisit(browser, tokens);
  }, 240_000);
});
