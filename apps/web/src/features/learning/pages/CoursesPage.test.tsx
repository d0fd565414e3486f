import { LEARNING_MESSAGES } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/server.ts';
import { COMPLETION_ID, COURSE_ID, course } from '@test/features/learning/fixtures.ts';
import { renderPage } from '@test/features/learning/render.tsx';
import { CoursesPage } from './CoursesPage.tsx';

const PREMIUM_ID = '9a9a9a9a-1b1b-4c4c-8d8d-2e2e2e2e2e2e';
const DONE_ID = '8b8b8b8b-1b1b-4c4c-8d8d-2e2e2e2e2e2e';
const GOING_ID = '7c7c7c7c-1b1b-4c4c-8d8d-2e2e2e2e2e2e';

function renderCourses() {
  return renderPage('/courses', <CoursesPage />);
}

describe('CoursesPage', () => {
  it('shows a loading state, then every course with its details and next step', async () => {
    server.use(
      http.get('/api/courses/course_list/', () =>
        HttpResponse.json([
          course(),
          course({
            id: GOING_ID,
            title: 'Networking',
            enrolled: true,
            progress: 40,
            difficulty: 'medium',
            modules_count: 1,
            minutes: 45,
          }),
          course({
            id: DONE_ID,
            title: 'Cryptography',
            enrolled: true,
            progress: 100,
            completed: true,
            completion_id: COMPLETION_ID,
            difficulty: 'hard',
          }),
          course({ id: PREMIUM_ID, title: 'Web Security', access: 'premium', locked: true, image: null }),
        ]),
      ),
    );
    renderCourses();
    expect(screen.getByRole('status')).toHaveTextContent('Loading courses…');

    const linux = await screen.findByRole('article', { name: 'Linux Fundamentals' });
    expect(within(linux).getByText('Easy')).toBeInTheDocument();
    // The course bonus is a figure of its own, before it is paid.
    expect(within(linux).getByText('3 modules · 3 h 5 min · 210 pts')).toHaveTextContent(
      '3 modules · 3 h 5 min · 210 pts + 100 bonus',
    );
    expect(within(linux).getByText('Move around a Linux system with confidence.')).toBeInTheDocument();
    expect(linux.querySelector('img')).toHaveAttribute('src', '/media/content/linux.svg');
    expect(within(linux).getByRole('button', { name: 'Enroll in Linux Fundamentals' })).toBeEnabled();
    expect(within(linux).queryByRole('progressbar')).not.toBeInTheDocument();

    const networking = screen.getByRole('article', { name: 'Networking' });
    expect(within(networking).getByRole('progressbar', { name: 'Networking progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(networking).getByText('1 module · 45 min · 210 pts')).toBeInTheDocument();
    expect(within(networking).getByRole('link', { name: 'Continue Networking' })).toHaveAttribute(
      'href',
      `/courses/course/${GOING_ID}/modules`,
    );

    const crypto = screen.getByRole('article', { name: 'Cryptography' });
    expect(within(crypto).getByText('Completed')).toBeInTheDocument();
    expect(within(crypto).getByRole('link', { name: 'Certificate for Cryptography' })).toHaveAttribute(
      'href',
      `/completion/course/${COMPLETION_ID}`,
    );

    const web = screen.getByRole('article', { name: 'Web Security' });
    expect(within(web).getByText('Premium · locked')).toBeInTheDocument();
    expect(within(web).getByRole('link', { name: 'Unlock with Premium: Web Security' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(web.querySelector('img')).toBeNull();
    expect(document.title).toBe('Courses · Bastion');
  });

  it('shows an empty state when there are no courses', async () => {
    server.use(http.get('/api/courses/course_list/', () => HttpResponse.json([])));
    renderCourses();
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeInTheDocument();
  });

  it('shows the failure with the server detail, and tries again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/courses/course_list/', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Service unavailable.' }, { status: 503 })
          : HttpResponse.json([course()]);
      }),
    );
    const { user } = renderCourses();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the courses. Service unavailable.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Linux Fundamentals' })).toBeInTheDocument();
  });

  it("enrolls: 'You have enrolled in the course.', then the courses and the navbar are refreshed", async () => {
    let enrolled = false;
    let listCalls = 0;
    let enrollPath = '';
    server.use(
      http.get('/api/courses/course_list/', () => {
        listCalls += 1;
        return HttpResponse.json([course({ enrolled, progress: 0 })]);
      }),
      http.post('/api/courses/enroll_course/:id/', ({ params }) => {
        enrollPath = String(params.id);
        enrolled = true;
        return HttpResponse.json({ detail: LEARNING_MESSAGES.courseEnrolled }, { status: 201 });
      }),
    );
    const { user, queryClient } = renderCourses();
    queryClient.setQueryData(['navbar'], { user_photo: null, is_premium: false, user_points: 0, user_strike: 0 });
    await user.click(await screen.findByRole('button', { name: 'Enroll in Linux Fundamentals' }));

    expect(await screen.findByText('You have enrolled in the course.')).toBeInTheDocument();
    expect(enrollPath).toBe(COURSE_ID);
    expect(await screen.findByRole('link', { name: 'Continue Linux Fundamentals' })).toBeInTheDocument();
    expect(listCalls).toBe(2);
    expect(queryClient.getQueryState(['navbar'])?.isInvalidated).toBe(true);
  });

  it("a refused enrollment shows 'Failed to enroll in the course.' with the server's reason", async () => {
    server.use(
      http.get('/api/courses/course_list/', () => HttpResponse.json([course()])),
      http.post('/api/courses/enroll_course/:id/', () =>
        HttpResponse.json({ detail: LEARNING_MESSAGES.premiumRequired }, { status: 403 }),
      ),
    );
    const { user } = renderCourses();
    await user.click(await screen.findByRole('button', { name: 'Enroll in Linux Fundamentals' }));
    expect(
      await screen.findByText(`Failed to enroll in the course. ${LEARNING_MESSAGES.premiumRequired}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enroll in Linux Fundamentals' })).toBeEnabled();
  });

  it('a network failure shows the plain failure message', async () => {
    server.use(
      http.get('/api/courses/course_list/', () => HttpResponse.json([course()])),
      http.post('/api/courses/enroll_course/:id/', () => HttpResponse.error()),
    );
    const { user } = renderCourses();
    await user.click(await screen.findByRole('button', { name: 'Enroll in Linux Fundamentals' }));
    expect(await screen.findByText('Failed to enroll in the course.')).toBeInTheDocument();
  });

  it('a 401 on enrollment ends the session and goes to /login without a failure message', async () => {
    server.use(
      http.get('/api/courses/course_list/', () => HttpResponse.json([course()])),
      http.post('/api/courses/enroll_course/:id/', () =>
        HttpResponse.json(
          { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
          { status: 401 },
        ),
      ),
      http.post('/api/auth/token/refresh/', () => HttpResponse.json({ detail: 'Token is invalid' }, { status: 401 })),
    );
    const { user, router } = renderCourses();
    await user.click(await screen.findByRole('button', { name: 'Enroll in Linux Fundamentals' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText(/Failed to enroll/)).not.toBeInTheDocument();
  });
});
