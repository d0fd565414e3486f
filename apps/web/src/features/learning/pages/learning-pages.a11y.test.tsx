import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { server } from '@test/server.ts';
import {
  COMPLETION_ID,
  COURSE_ID,
  MODULE_ID,
  QUIZ_ID,
  TERMINAL,
  course,
  lesson,
  lessons,
  module,
  quiz,
} from '@test/features/learning/fixtures.ts';
import { renderPage } from '@test/features/learning/render.tsx';
import { CourseModulesPage } from './CourseModulesPage.tsx';
import { CoursesPage } from './CoursesPage.tsx';
import { ModuleLessonsPage } from './ModuleLessonsPage.tsx';
import { ModulesPage } from './ModulesPage.tsx';
import { stubMatchMedia } from '@test/match-media.ts';

const OTHER = 'd1d1d1d1-0000-4000-8000-000000000001';
const LOCKED = 'd1d1d1d1-0000-4000-8000-000000000002';

const COURSES = [
  course({ enrolled: true, progress: 40 }),
  course({
    id: OTHER,
    title: 'Cryptography',
    completed: true,
    enrolled: true,
    progress: 100,
    completion_id: COMPLETION_ID,
  }),
  course({ id: LOCKED, title: 'Web Security', access: 'premium', locked: true }),
];
const MODULES = [
  module({ enrolled: true, progress: 50 }),
  module({ id: OTHER, title: 'Hashing', completed: true, enrolled: true, progress: 100, completion_id: COMPLETION_ID }),
  module({ id: LOCKED, title: 'TLS', access: 'premium', locked: true }),
];

/** jsdom has no media queries; this one says the screen is wide (the desktop side list). */
function wideScreen() {
  stubMatchMedia((query) => query.includes('min-width'));
}

describe('learning pages have no axe violations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('/courses', async () => {
    server.use(http.get('/api/courses/course_list/', () => HttpResponse.json(COURSES)));
    renderPage('/courses', <CoursesPage />);
    await screen.findByRole('article', { name: 'Web Security' });
    expect(await axeViolations()).toEqual([]);
  });

  it('/courses/course/{id}/modules', async () => {
    server.use(
      http.get(`/api/courses/course/${COURSE_ID}/modules/`, () =>
        HttpResponse.json({ course: course({ enrolled: true, progress: 40 }), modules: MODULES }),
      ),
    );
    renderPage('/courses/course/:courseId/modules', <CourseModulesPage />, `/courses/course/${COURSE_ID}/modules`);
    await screen.findByRole('article', { name: 'TLS' });
    expect(await axeViolations()).toEqual([]);
  });

  it('/modules with filters', async () => {
    server.use(
      http.get('/api/courses/course_list/', () => HttpResponse.json(COURSES)),
      http.get('/api/courses/module_list/', () =>
        HttpResponse.json({ count: 23, next: '/api/courses/module_list/?page=2', previous: null, results: MODULES }),
      ),
    );
    renderPage('/modules', <ModulesPage />, '/modules?difficulty=easy&searchTerm=shell');
    await screen.findByRole('article', { name: 'TLS' });
    expect(await axeViolations()).toEqual([]);
  });

  it('a lesson, on a wide screen with the side list', async () => {
    wideScreen();
    server.use(http.get(`/api/courses/module/${MODULE_ID}/lessons/`, () => HttpResponse.json(lessons())));
    renderPage('/courses/module/:moduleId/lessons', <ModuleLessonsPage />, `/courses/module/${MODULE_ID}/lessons`);
    await screen.findByRole('navigation', { name: 'Module contents' });
    expect(await axeViolations()).toEqual([]);
  });

  it('a quiz with its terminal, on a phone-sized screen', async () => {
    server.use(
      http.get(`/api/courses/module/${MODULE_ID}/lessons/`, () =>
        HttpResponse.json(
          lessons({ module: module({ enrolled: false }), items: [lesson(), quiz({ has_terminal: true })] }),
        ),
      ),
      http.get(`/api/courses/quiz/${QUIZ_ID}/terminal_content/`, () => HttpResponse.json(TERMINAL)),
    );
    const { user } = renderPage(
      '/courses/module/:moduleId/lessons',
      <ModuleLessonsPage />,
      `/courses/module/${MODULE_ID}/lessons?item=${QUIZ_ID}`,
    );
    const skip = await screen.findByRole('button', { name: 'Skip replay' }, { timeout: 5000 }).catch(() => null);
    if (skip) await user.click(skip);
    await screen.findByRole('heading', { name: 'Lab' });
    expect(await axeViolations()).toEqual([]);
  });

  it('the module-complete state with the share prompt and what to continue with', async () => {
    server.use(
      http.get(`/api/courses/course/${COURSE_ID}/modules/`, () =>
        HttpResponse.json({
          course: course({ enrolled: true }),
          modules: [module({ completed: true }), module({ id: OTHER, order: 2, title: 'Hashing' })],
        }),
      ),
      http.get(`/api/courses/module/${MODULE_ID}/lessons/`, () =>
        HttpResponse.json(
          lessons({
            module: module({ enrolled: true, progress: 100, completed: true, completion_id: COMPLETION_ID }),
            items: [lesson({ completed: true }), quiz({ solved: true, answer_if_solved: '5432' })],
          }),
        ),
      ),
    );
    renderPage(
      '/courses/module/:moduleId/lessons',
      <ModuleLessonsPage />,
      `/courses/module/${MODULE_ID}/lessons?item=complete`,
    );
    await screen.findByRole('complementary', { name: 'Share your achievement' });
    await screen.findByRole('navigation', { name: 'Continue learning' });
    expect(await axeViolations()).toEqual([]);
  });
});
