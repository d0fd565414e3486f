import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes.tsx';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { shellHandlers } from '@test/shell-handlers.ts';
import { COMPLETION_ID, COURSE_ID, MODULE_ID, course, lessons, module } from '@test/features/learning/fixtures.ts';

describe('learning and completion routes (app/routes.tsx)', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    // Whatever else the shell asks for (notifications, badges…) is answered empty; later handlers win.
    server.use(http.get('*/api/*', () => HttpResponse.json({})));
    server.use(
      ...shellHandlers({ user_points: 5, user_strike: 1 }),
      http.get('*/api/courses/course_list/', () => HttpResponse.json([course()])),
      http.get(`*/api/courses/course/${COURSE_ID}/modules/`, () =>
        HttpResponse.json({ course: course(), modules: [module()] }),
      ),
      http.get('*/api/courses/module_list/', () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [module()] }),
      ),
      http.get(`*/api/courses/module/${MODULE_ID}/lessons/`, () => HttpResponse.json(lessons())),
      http.get(`*/api/courses/completed_module/${COMPLETION_ID}/`, () =>
        HttpResponse.json({
          id: COMPLETION_ID,
          user: { username: 'ada', full_name: 'Ada Lovelace', photo: null },
          module: { id: MODULE_ID, title: 'The Shell' },
          completed_at: '2026-03-14T09:26:00Z',
          points_earned: 45,
        }),
      ),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['/courses', { level: 1, name: 'Courses' }],
    [`/courses/course/${COURSE_ID}/modules`, { level: 1, name: 'Linux Fundamentals' }],
    ['/modules?access=free', { level: 1, name: 'Modules' }],
    [`/courses/module/${MODULE_ID}/lessons`, { level: 1, name: 'The Shell' }],
  ])('serves %s inside the authenticated layout', async (path, heading) => {
    signIn('ada');
    renderRoutes(path, routes);
    expect(await screen.findByRole('heading', heading)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('sends a visitor who opens /courses to /login', async () => {
    const { router } = renderRoutes('/courses', routes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('serves a completion page to a visitor, without the layout', async () => {
    renderRoutes(`/completion/module/${COMPLETION_ID}`, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('keeps the not-found page for unknown addresses under /courses and /completion', async () => {
    signIn('ada');
    renderRoutes('/courses/nothing/here', routes);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
