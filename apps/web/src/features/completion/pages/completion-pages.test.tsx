import { ANONYMOUS_LEARNER, type CompletedCourse, type CompletedModule } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { COURSE_ID, MODULE_COMPLETION_ID, MODULE_ID } from '@test/fixtures.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { CourseCompletionPage } from './CourseCompletionPage.tsx';
import { ModuleCompletionPage } from './ModuleCompletionPage.tsx';
import { stubObjectUrls } from '@test/object-urls.ts';

const ID = MODULE_COMPLETION_ID;
const USER = { username: 'ada', full_name: 'Ada Lovelace', photo: '/media/avatars/ada.webp' };

const MODULE_COMPLETION: CompletedModule = {
  id: ID,
  user: USER,
  module: {
    id: MODULE_ID,
    title: 'The Shell',
    summary: 'Open a terminal.',
    difficulty: 'easy',
    image: null,
  },
  completed_at: '2026-03-14T09:26:00Z',
  points_earned: 45,
};

const COURSE_COMPLETION: CompletedCourse = {
  id: ID,
  user: USER,
  course: {
    id: COURSE_ID,
    title: 'Linux Fundamentals',
    summary: 'Linux.',
    difficulty: 'easy',
    image: null,
  },
  completed_at: '2026-04-02T23:59:00Z',
  points_earned: 310,
  serial: 'BST-2026-000042',
};

function render(kind: 'module' | 'course', element: ReactElement, id = ID) {
  return renderRoutes(`/completion/${kind}/${id}`, [
    { path: `/completion/${kind}/:completionId`, element },
    { path: '/dashboard', element: <p>Dashboard screen</p> },
    { path: '/login', element: <p>Login screen</p> },
  ]);
}

describe('module completion page (public)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows who completed which module, when, with the points, to a visitor', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get(`/api/courses/completed_module/${ID}/`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(MODULE_COMPLETION);
      }),
    );
    render('module', <ModuleCompletionPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the completion…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(authorization).toBeNull();
    expect(screen.getByText('Module completed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'The Shell' })).toBeInTheDocument();
    expect(screen.getByText('45 points earned')).toBeInTheDocument();
    expect(screen.getByText('Completed on 14 March 2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute(
      'src',
      '/media/avatars/ada.webp',
    );
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start learning on Bastion' })).toHaveAttribute('href', '/register');
    expect(document.title).toBe('Ada Lovelace completed The Shell · Bastion');
  });

  it('offers sharing: copy the link, X and LinkedIn in new tabs', async () => {
    server.use(
      http.get(`/api/courses/completed_module/${ID}/`, () =>
        HttpResponse.json({ ...MODULE_COMPLETION, user: { ...USER, photo: null } }),
      ),
    );
    const { user } = render('module', <ModuleCompletionPage />);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    const url = `${window.location.origin}/completion/module/${ID}`;
    const x = screen.getByRole('link', { name: 'Share on X (opens in a new tab)' });
    expect(x).toHaveAttribute(
      'href',
      `https://x.com/intent/tweet?${new URLSearchParams({ text: 'Ada Lovelace completed the module “The Shell” on Bastion.', url })}`,
    );
    expect(x).toHaveAttribute('rel', 'noopener noreferrer');
    expect(x).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Share on LinkedIn (opens in a new tab)' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    );
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByText('Link copied to the clipboard.')).toBeInTheDocument();
    // Without a photo the default avatar shows.
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' }).getAttribute('src')).not.toBe('');
  });

  it('shows a learner whose public profile is off as the anonymous label, without a username or photo', async () => {
    server.use(
      http.get(`/api/courses/completed_module/${ID}/`, () =>
        HttpResponse.json({
          ...MODULE_COMPLETION,
          user: { username: null, full_name: ANONYMOUS_LEARNER, photo: null },
        } satisfies CompletedModule),
      ),
    );
    render('module', <ModuleCompletionPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'A Bastion learner' })).toBeInTheDocument();
    expect(screen.queryByText(/^@/)).not.toBeInTheDocument();
    expect(screen.queryByText(/null/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Photo of/ })).not.toBeInTheDocument();
    expect(document.title).toBe('A Bastion learner completed The Shell · Bastion');
    expect(screen.getByRole('link', { name: 'Share on X (opens in a new tab)' }).getAttribute('href')).toContain(
      new URLSearchParams({ text: 'A Bastion learner completed' }).toString(),
    );
  });

  it('an unknown id shows a not-found state', async () => {
    server.use(
      http.get('/api/courses/completed_module/:id/', () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    render('module', <ModuleCompletionPage />, 'nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Completion not found' })).toBeInTheDocument();
  });

  it('a failure can be retried', async () => {
    let calls = 0;
    server.use(
      http.get(`/api/courses/completed_module/${ID}/`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Try later.' }, { status: 503 })
          : HttpResponse.json(MODULE_COMPLETION);
      }),
    );
    const { user } = render('module', <ModuleCompletionPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this completion. Try later.');
    // The page has no layout: the failure's title is its only heading.
    expect(within(alert).getByRole('heading', { level: 1 })).toHaveTextContent('Could not load this completion.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('has no axe violations', async () => {
    server.use(http.get(`/api/courses/completed_module/${ID}/`, () => HttpResponse.json(MODULE_COMPLETION)));
    render('module', <ModuleCompletionPage />);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(await axeViolations()).toEqual([]);
  });
});

describe('course completion page (certificate)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('signed out: the certificate with its serial and the verification statement, no download', async () => {
    server.use(http.get(`/api/courses/completed_course/${ID}/`, () => HttpResponse.json(COURSE_COMPLETION)));
    render('course', <CourseCompletionPage />);
    expect(await screen.findByText('Certificate of completion')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Linux Fundamentals' })).toBeInTheDocument();
    expect(screen.getByText('Certificate no. BST-2026-000042')).toBeInTheDocument();
    expect(screen.getByText('310 points earned')).toBeInTheDocument();
    expect(screen.getByText('Completed on 2 April 2026')).toBeInTheDocument();
    expect(
      screen.getByText(
        /This certificate was issued by Bastion to Ada Lovelace for completing Linux Fundamentals on 2 April 2026\./,
      ),
    ).toHaveTextContent(`${window.location.origin}/completion/course/${ID}`);
    expect(screen.queryByRole('button', { name: /Download certificate/ })).not.toBeInTheDocument();
  });

  it('hides the download from a signed-in learner who is not the owner', async () => {
    signIn('grace');
    server.use(http.get(`/api/courses/completed_course/${ID}/`, () => HttpResponse.json(COURSE_COMPLETION)));
    render('course', <CourseCompletionPage />);
    await screen.findByText('Certificate of completion');
    expect(screen.queryByRole('button', { name: /Download certificate/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('the signed-in owner downloads the PDF with their session', async () => {
    signIn('ada');
    let authorization: string | null = null;
    server.use(
      http.get(`/api/courses/completed_course/${ID}/`, () => HttpResponse.json(COURSE_COMPLETION)),
      http.get(`/api/users/certificates/${ID}/pdf/`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse('%PDF-1.7 test', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const { created: createObjectURL } = stubObjectUrls(() => 'blob:certificate');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = render('course', <CourseCompletionPage />);
    await user.click(await screen.findByRole('button', { name: 'Download certificate (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(authorization).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('bastion-certificate-linux-fundamentals-bst-2026-000042.pdf');
    expect(anchor.href).toBe('blob:certificate');
  });

  it('a failed download says so', async () => {
    signIn('ada');
    server.use(
      http.get(`/api/courses/completed_course/${ID}/`, () => HttpResponse.json(COURSE_COMPLETION)),
      http.get(`/api/users/certificates/${ID}/pdf/`, () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    const { user } = render('course', <CourseCompletionPage />);
    await user.click(await screen.findByRole('button', { name: 'Download certificate (PDF)' }));
    expect(await screen.findByText('Failed to download the certificate.')).toBeInTheDocument();
  });

  it('shows no serial line when the API gives none, and not-found for an unknown id', async () => {
    server.use(
      http.get(`/api/courses/completed_course/${ID}/`, () => HttpResponse.json({ ...COURSE_COMPLETION, serial: '' })),
      http.get('/api/courses/completed_course/:id/', () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    const first = render('course', <CourseCompletionPage />);
    await screen.findByText('Certificate of completion');
    expect(screen.queryByText(/Certificate no\./)).not.toBeInTheDocument();
    first.unmount();
    render('course', <CourseCompletionPage />, 'b0b0b0b0-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Completion not found' })).toBeInTheDocument();
  });

  it('has no axe violations, for the owner too', async () => {
    signIn('ada');
    server.use(http.get(`/api/courses/completed_course/${ID}/`, () => HttpResponse.json(COURSE_COMPLETION)));
    render('course', <CourseCompletionPage />);
    await screen.findByRole('button', { name: 'Download certificate (PDF)' });
    expect(await axeViolations()).toEqual([]);
  });
});
