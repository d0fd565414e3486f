import { LEARNING_MESSAGES } from '@bastion/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/server.ts';
import { COMPLETION_ID, COURSE_ID, MODULE_ID, course, module } from '@test/features/learning/fixtures.ts';
import { renderPage } from '@test/features/learning/render.tsx';
import { CourseModulesPage } from './CourseModulesPage.tsx';

const SECOND_ID = 'aa11bb22-cc33-4d44-8e55-ff6677889900';
const PREMIUM_ID = 'bb11bb22-cc33-4d44-8e55-ff6677889900';

function renderCourse(id = COURSE_ID) {
  return renderPage('/courses/course/:courseId/modules', <CourseModulesPage />, `/courses/course/${id}/modules`);
}

describe('CourseModulesPage', () => {
  it('says what the course needs first, linking each course, with the skills as inline Markdown', async () => {
    server.use(
      http.get(`/api/courses/course/${COURSE_ID}/modules/`, () =>
        HttpResponse.json({
          course: course({
            description: 'Learn `ssh` and **more**.',
            prerequisites: [
              { id: SECOND_ID, slug: 'basics', title: 'Basics', skills: 'pipelines, `awk` and `find -perm`' },
              { id: PREMIUM_ID, slug: 'scripting', title: 'Scripting', skills: 'loops in Bash' },
            ],
          }),
          modules: [module()],
        }),
      ),
    );
    renderCourse();
    const needs = await screen.findByRole('region', { name: 'You will need' });
    const items = within(needs).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Basics: pipelines, awk and find -perm',
      'Scripting: loops in Bash',
    ]);
    expect(within(needs).getByRole('link', { name: 'Basics' })).toHaveAttribute(
      'href',
      `/courses/course/${SECOND_ID}/modules`,
    );
    expect(within(needs).getByText('find -perm', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByText('ssh', { selector: 'code' })).toBeInTheDocument();
  });

  it('shows no "You will need" for a course without prerequisites', async () => {
    server.use(
      http.get(`/api/courses/course/${COURSE_ID}/modules/`, () =>
        HttpResponse.json({ course: course(), modules: [module()] }),
      ),
    );
    renderCourse();
    await screen.findByRole('heading', { level: 1, name: 'Linux Fundamentals' });
    expect(screen.queryByRole('region', { name: 'You will need' })).not.toBeInTheDocument();
  });

  it('shows the course with its modules in order, their progress, enroll buttons and locks', async () => {
    server.use(
      http.get(`/api/courses/course/${COURSE_ID}/modules/`, () =>
        HttpResponse.json({
          course: course({ enrolled: true, progress: 33 }),
          modules: [
            module({ enrolled: true, progress: 100, completed: true, completion_id: COMPLETION_ID }),
            module({ id: SECOND_ID, order: 2, title: 'Users and Permissions' }),
            module({ id: PREMIUM_ID, order: 3, title: 'Processes', access: 'premium', locked: true }),
          ],
        }),
      ),
    );
    renderCourse();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the course…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Linux Fundamentals' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Linux Fundamentals progress' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Courses/Linux Fundamentals');
    // What the course pays, its completion bonus apart.
    expect(screen.getByText(/lessons and quizzes/)).toHaveTextContent(/· 210 pts \+ 100 bonus$/);

    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['The Shell', 'Users and Permissions', 'Processes']);

    const first = screen.getByRole('article', { name: 'The Shell' });
    expect(within(first).getByRole('link', { name: 'Review The Shell' })).toHaveAttribute(
      'href',
      `/courses/module/${MODULE_ID}/lessons`,
    );
    expect(within(first).getByRole('link', { name: 'Completion page for The Shell' })).toHaveAttribute(
      'href',
      `/completion/module/${COMPLETION_ID}`,
    );
    expect(
      within(screen.getByRole('article', { name: 'Users and Permissions' })).getByRole('button', {
        name: 'Enroll in Users and Permissions',
      }),
    ).toBeInTheDocument();
    const locked = screen.getByRole('article', { name: 'Processes' });
    expect(within(locked).getByRole('link', { name: 'Unlock with Premium: Processes' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    // A locked module's title is not a link into content the learner cannot open.
    expect(within(locked).queryByRole('link', { name: 'Processes' })).not.toBeInTheDocument();
    expect(document.title).toBe('Linux Fundamentals · Bastion');
  });

  it("enrolls in a module: 'You have enrolled in the module.', and the list is refreshed", async () => {
    let enrolled = false;
    server.use(
      http.get(`/api/courses/course/${COURSE_ID}/modules/`, () =>
        HttpResponse.json({ course: course(), modules: [module({ enrolled })] }),
      ),
      http.post(`/api/courses/enroll_module/${MODULE_ID}/`, () => {
        enrolled = true;
        return HttpResponse.json({ detail: LEARNING_MESSAGES.moduleEnrolled }, { status: 201 });
      }),
    );
    const { user } = renderCourse();
    await user.click(await screen.findByRole('button', { name: 'Enroll in The Shell' }));
    expect(await screen.findByText('You have enrolled in the module.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Start The Shell' })).toHaveAttribute(
      'href',
      `/courses/module/${MODULE_ID}/lessons`,
    );
  });

  it("a failed module enrollment shows 'Failed to enroll in the module.'", async () => {
    server.use(
      http.get(`/api/courses/course/${COURSE_ID}/modules/`, () =>
        HttpResponse.json({ course: course(), modules: [module()] }),
      ),
      http.post(`/api/courses/enroll_module/${MODULE_ID}/`, () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    const { user } = renderCourse();
    await user.click(await screen.findByRole('button', { name: 'Enroll in The Shell' }));
    expect(await screen.findByText('Failed to enroll in the module. Not found.')).toBeInTheDocument();
  });

  it('enrolls in the whole course from its header', async () => {
    let posted = false;
    server.use(
      http.get(`/api/courses/course/${COURSE_ID}/modules/`, () =>
        HttpResponse.json({ course: course({ enrolled: posted }), modules: [module({ enrolled: posted })] }),
      ),
      http.post(`/api/courses/enroll_course/${COURSE_ID}/`, () => {
        posted = true;
        return HttpResponse.json({ detail: LEARNING_MESSAGES.courseEnrolled }, { status: 201 });
      }),
    );
    const { user } = renderCourse();
    await user.click(await screen.findByRole('button', { name: 'Enroll in Linux Fundamentals' }));
    expect(await screen.findByText('You have enrolled in the course.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Start The Shell' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enroll in Linux Fundamentals' })).not.toBeInTheDocument();
  });

  it('shows an empty state for a course without modules', async () => {
    server.use(
      http.get(`/api/courses/course/${COURSE_ID}/modules/`, () => HttpResponse.json({ course: course(), modules: [] })),
    );
    renderCourse();
    expect(await screen.findByRole('heading', { name: 'No modules yet' })).toBeInTheDocument();
  });

  it('shows a not-found state for an unknown course', async () => {
    server.use(
      http.get('/api/courses/course/:id/modules/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    );
    renderCourse('not-a-course');
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All courses' })).toHaveAttribute('href', '/courses');
  });

  it('shows a failure with a retry', async () => {
    server.use(
      http.get(`/api/courses/course/${COURSE_ID}/modules/`, () =>
        HttpResponse.json({ detail: 'Boom.' }, { status: 500 }),
      ),
    );
    renderCourse();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this course. Boom.');
  });
});
