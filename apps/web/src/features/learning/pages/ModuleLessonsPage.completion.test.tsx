import { LEARNING_MESSAGES } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@test/server.ts';
import {
  COMPLETION_ID,
  COURSE_COMPLETION_ID,
  COURSE_ID,
  course,
  MODULE_ID,
  QUIZ_ID,
  lesson,
  lessons,
  module,
  outcome,
  quiz,
} from '@test/features/learning/fixtures.ts';
import { renderLessons, serveLessons } from '@test/features/learning/lessons-page.tsx';

const COURSE_MODULES_URL = `/api/courses/course/${COURSE_ID}/modules/`;
const NEXT_MODULE_ID = '7c2194cc-4bb7-44a6-91b7-71ea2fa29318';
const NEXT_COURSE_ID = '8d32a5dd-5cc8-45b7-a2c8-82fb3ab3a429';
const completedModule = (overrides = {}) =>
  module({ enrolled: true, progress: 100, completed: true, completion_id: COMPLETION_ID, ...overrides });

/** The module's course as the API gives it (the course summary and its modules); no other course to suggest. */
function serveCourse(courseOverrides = {}, modules = [completedModule()]) {
  server.use(
    http.get(COURSE_MODULES_URL, () =>
      HttpResponse.json({ course: course({ enrolled: true, ...courseOverrides }), modules }),
    ),
    http.get('/api/courses/course_list/', () => HttpResponse.json([course({ completed: true })])),
  );
}

describe('ModuleLessonsPage: module completion', () => {
  beforeEach(() => serveCourse());

  it('the last answer completes the module: success state, completion link, course certificate and the one-time share prompt', async () => {
    const served = serveLessons(lessons({ items: [lesson({ completed: true }), quiz()] }));
    let shareSeen = 0;
    server.use(
      http.post(`/api/courses/quiz/${QUIZ_ID}/submit_answer/`, () => {
        served.data = lessons({
          module: module({ enrolled: true, progress: 100, completed: true, completion_id: COMPLETION_ID }),
          items: [lesson({ completed: true }), quiz({ solved: true, answer_if_solved: '5432' })],
        });
        return HttpResponse.json({
          correct: true,
          detail: LEARNING_MESSAGES.quizCorrect,
          ...outcome({
            points_awarded: 10,
            module_completed: true,
            module_completion_id: COMPLETION_ID,
            course_completed: true,
            course_completion_id: COURSE_COMPLETION_ID,
          }),
        });
      }),
      http.post(`/api/courses/module/${MODULE_ID}/mark_share_seen/`, () => {
        shareSeen += 1;
        return HttpResponse.json({ share_seen: true });
      }),
    );
    const { user, router } = renderLessons();
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), '5432{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Module complete!' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?item=complete');
    expect(screen.getByRole('link', { name: 'View your completion page' })).toHaveAttribute(
      'href',
      `/completion/module/${COMPLETION_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Course complete: your certificate' })).toHaveAttribute(
      'href',
      `/completion/course/${COURSE_COMPLETION_ID}`,
    );
    const prompt = screen.getByRole('complementary', { name: 'Share your achievement' });
    expect(within(prompt).getByRole('link', { name: 'Share on LinkedIn (opens in a new tab)' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`${window.location.origin}/completion/module/${COMPLETION_ID}`)}`,
    );
    await user.click(within(prompt).getByRole('button', { name: 'Not now' }));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Share your achievement' })).not.toBeInTheDocument(),
    );
    expect(shareSeen).toBe(1);
  });

  it('a completed module whose prompt was seen shows no prompt', async () => {
    serveLessons(
      lessons({
        module: module({
          enrolled: true,
          progress: 100,
          completed: true,
          completion_id: COMPLETION_ID,
          share_seen: true,
        }),
        items: [lesson({ completed: true })],
      }),
    );
    renderLessons('?item=complete');
    expect(await screen.findByRole('heading', { level: 2, name: 'Module complete!' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Share your achievement' })).not.toBeInTheDocument();
  });
});

describe('ModuleLessonsPage: after a completion', () => {
  const openCompleted = () => {
    serveLessons(lessons({ module: completedModule({ share_seen: true }), items: [lesson({ completed: true })] }));
    return renderLessons('?item=complete');
  };

  it('after a reload, the course certificate comes back from the course state', async () => {
    serveCourse({ progress: 100, completed: true, completion_id: COURSE_COMPLETION_ID });
    openCompleted();
    expect(await screen.findByRole('link', { name: 'Course complete: your certificate' })).toHaveAttribute(
      'href',
      `/completion/course/${COURSE_COMPLETION_ID}`,
    );
  });

  it("suggests the course's next open module to continue with", async () => {
    serveCourse({}, [completedModule(), module({ id: NEXT_MODULE_ID, order: 2, title: 'Users and Permissions' })]);
    openCompleted();
    const next = await screen.findByRole('navigation', { name: 'Continue learning' });
    expect(next).toHaveTextContent('Next in Linux Fundamentals:');
    expect(within(next).getByRole('link', { name: 'Users and Permissions' })).toHaveAttribute(
      'href',
      `/courses/module/${NEXT_MODULE_ID}/lessons`,
    );
    expect(screen.queryByRole('link', { name: 'Course complete: your certificate' })).not.toBeInTheDocument();
  });

  it('once the course is done, suggests the next open course', async () => {
    serveCourse({ progress: 100, completed: true, completion_id: COURSE_COMPLETION_ID });
    server.use(
      http.get('/api/courses/course_list/', () =>
        HttpResponse.json([
          course({ completed: true, completion_id: COURSE_COMPLETION_ID }),
          course({ id: NEXT_COURSE_ID, title: 'Networking' }),
        ]),
      ),
    );
    openCompleted();
    const next = await screen.findByRole('navigation', { name: 'Continue learning' });
    expect(next).toHaveTextContent('Your next course:');
    expect(within(next).getByRole('link', { name: 'Networking' })).toHaveAttribute(
      'href',
      `/courses/course/${NEXT_COURSE_ID}/modules`,
    );
  });
});
