import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@test/server.ts';
import { COURSE_ID, course, module } from '@test/features/learning/fixtures.ts';
import { renderPage } from '@test/features/learning/render.tsx';
import { ModulesPage } from './ModulesPage.tsx';

const OTHER_COURSE = 'c0c0c0c0-1111-4222-8333-444455556666';

function page(results = [module()], count = results.length, next: string | null = null) {
  return { count, next, previous: null, results };
}

/** Records every module_list request's query string. */
function serveModules(respond: (params: URLSearchParams) => Response = () => HttpResponse.json(page())) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('/api/courses/course_list/', () =>
      HttpResponse.json([course(), course({ id: OTHER_COURSE, title: 'Networking' })]),
    ),
    http.get('/api/courses/module_list/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      return respond(params);
    }),
  );
  return requests;
}

function renderModules(entry = '/modules') {
  return renderPage('/modules', <ModulesPage />, entry);
}

describe('ModulesPage', () => {
  it('loads the first page with access=all and lists the modules with their course', async () => {
    const requests = serveModules();
    renderModules();
    expect(screen.getByRole('status')).toHaveTextContent('Loading modules…');
    const card = await screen.findByRole('article', { name: 'The Shell' });
    expect(within(card).getByText('Linux Fundamentals')).toBeInTheDocument();
    // The module bonus its completion adds is shown up front.
    expect(within(card).getByText('2 lessons · 1 quiz · 1 h 5 min · 20 pts')).toHaveTextContent(
      '2 lessons · 1 quiz · 1 h 5 min · 20 pts + 25 bonus',
    );
    expect(requests[0]?.toString()).toBe('page=1&access=all');
    expect(screen.getByText('Showing 1–1 of 1 module')).toBeInTheDocument();
  });

  it('reads the filters from the address and sends searchTerm as search', async () => {
    const requests = serveModules();
    renderModules(`/modules?difficulty=hard&course=${COURSE_ID}&access=premium&searchTerm=port&page=2`);
    await screen.findByRole('article', { name: 'The Shell' });
    expect(Object.fromEntries(requests[0] ?? [])).toEqual({
      page: '2',
      difficulty: 'hard',
      course: COURSE_ID,
      access: 'premium',
      search: 'port',
    });
    expect(screen.getByRole('searchbox', { name: 'Search modules' })).toHaveValue('port');
    expect(screen.getByRole('combobox', { name: 'Difficulty' })).toHaveTextContent('Hard');
    expect(await screen.findByText('Linux Fundamentals', { selector: '[role="combobox"]' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Access' })).toHaveTextContent('Premium');
  });

  it('debounces the search: one request for the whole term, kept in the address', async () => {
    const requests = serveModules();
    const { user, router } = renderModules();
    await screen.findByRole('article', { name: 'The Shell' });
    await user.type(screen.getByRole('searchbox', { name: 'Search modules' }), 'nmap scan');
    expect(screen.getByRole('searchbox', { name: 'Search modules' })).toHaveValue('nmap scan');
    await waitFor(() => expect(router.state.location.search).toBe('?searchTerm=nmap+scan'));
    await waitFor(() => expect(requests.map((r) => r.get('search'))).toEqual([null, 'nmap scan']));
  });

  it('changing a filter updates the address, goes back to page 1 and refetches', async () => {
    const requests = serveModules();
    const { user, router } = renderModules('/modules?page=3');
    await screen.findByRole('article', { name: 'The Shell' });
    await user.click(screen.getByRole('combobox', { name: 'Difficulty' }));
    await user.click(await screen.findByRole('option', { name: 'Medium' }));
    await waitFor(() => expect(router.state.location.search).toBe('?difficulty=medium'));
    await waitFor(() => expect(requests.at(-1)?.toString()).toBe('page=1&difficulty=medium&access=all'));

    await user.click(screen.getByRole('combobox', { name: 'Access' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?difficulty=medium&access=completed'));

    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Networking' }));
    await waitFor(() => expect(requests.at(-1)?.get('course')).toBe(OTHER_COURSE));
  });

  it('pages through the list, back at the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const many = Array.from({ length: 10 }, (_, index) =>
      module({
        id: `00000000-0000-4000-8000-0000000000${String(index).padStart(2, '0')}`,
        title: `Module ${index + 1}`,
      }),
    );
    const requests = serveModules((params) =>
      HttpResponse.json(
        params.get('page') === '2'
          ? page([module({ title: 'Module 11' })], 11)
          : page(many, 11, '/api/courses/module_list/?page=2'),
      ),
    );
    const { user, router } = renderModules();
    await screen.findByRole('article', { name: 'Module 1' });
    expect(screen.getByText('Showing 1–10 of 11 modules')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByRole('article', { name: 'Module 11' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(requests.at(-1)?.get('page')).toBe('2');
    expect(screen.getByText('Showing 11–11 of 11 modules')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    scrollTo.mockRestore();
  });

  it('with filters and no match, offers to clear them', async () => {
    serveModules((params) => HttpResponse.json(params.get('search') ? page([], 0) : page()));
    const { user, router } = renderModules('/modules?searchTerm=zzz');
    expect(await screen.findByRole('heading', { name: 'No modules match these filters' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[1]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('article', { name: 'The Shell' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search modules' })).toHaveValue('');
  });

  it('shows an empty state when there are no modules at all', async () => {
    serveModules(() => HttpResponse.json(page([], 0)));
    renderModules();
    expect(await screen.findByRole('heading', { name: 'No modules yet' })).toBeInTheDocument();
  });

  it('a page past the end offers the first page', async () => {
    serveModules((params) =>
      params.get('page') === '9'
        ? HttpResponse.json({ detail: 'Invalid page.' }, { status: 404 })
        : HttpResponse.json(page()),
    );
    const { user, router } = renderModules('/modules?page=9');
    await user.click(await screen.findByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('article', { name: 'The Shell' })).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    serveModules(() => HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 }));
    renderModules();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the modules. Down for maintenance.');
  });

  it('follows the address when it changes from elsewhere (back and forward)', async () => {
    serveModules();
    const { router } = renderModules('/modules?searchTerm=tls');
    await screen.findByRole('article', { name: 'The Shell' });
    await router.navigate('/modules?searchTerm=dns');
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search modules' })).toHaveValue('dns'));
  });
});
