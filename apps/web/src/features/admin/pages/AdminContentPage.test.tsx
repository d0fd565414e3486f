import type { ContentDryRun, ContentImportRun, ContentOverview } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler } from '@test/features/admin/fixtures.ts';
import { api } from '@/lib/api-client.ts';
import { CONTENT_ACTION_TIMEOUT_MS } from '../api/content.ts';
import { adminRoutes } from '../routes.ts';

const DIR = '/srv/bastion/content';
const WARNING = { file: 'courses/intro/01-basics/01-hello.md', line: 1, message: 'lesson has 80 words of prose' };
const PROBLEM = { file: 'badges.yaml', line: 2, message: 'invalid YAML: Flow sequence must end with a ]' };

function run(overrides: Partial<ContentImportRun> = {}): ContentImportRun {
  return {
    id: '00000000-0000-4000-8000-000000000501',
    at: '2026-11-27T09:00:00.000Z',
    by: 'server start',
    via: 'server',
    format: 'content',
    dir: DIR,
    source: 'content',
    outcome: 'imported',
    counts: {
      courses: 8,
      modules: 27,
      items: 180,
      badges: 24,
      challenges: 12,
      steps: 50,
      media: 60,
      created: 0,
      updated: 0,
      hidden: 0,
      stored: 0,
    },
    problem_count: 0,
    problems: [],
    warning_count: 1,
    warnings: [WARNING],
    ...overrides,
  };
}

const overview = (last: ContentImportRun | null = run()): ContentOverview => ({
  dir: DIR,
  imported: [
    { kind: 'courses', visible: 8, hidden: 1 },
    { kind: 'modules', visible: 27, hidden: 0 },
    { kind: 'items', visible: 180, hidden: 2 },
    { kind: 'challenges', visible: 12, hidden: 0 },
    { kind: 'badges', visible: 24, hidden: 0 },
  ],
  last_import: last,
});

const report = (overrides: Partial<ContentDryRun> = {}): ContentDryRun => ({
  dir: DIR,
  valid: true,
  folder: { courses: 8, modules: 27, items: 181, badges: 24, challenges: 12 },
  problem_count: 0,
  problems: [],
  warning_count: 1,
  warnings: [WARNING],
  changes: [
    { change: 'create', kind: 'quiz', slug: 'ports', title: 'Which port?' },
    { change: 'hide', kind: 'lesson', slug: 'old-notes', title: 'Old notes' },
  ],
  change_counts: { create: 1, change: 0, hide: 1 },
  ...overrides,
});

/** Serves the content API; records the calls made, in order. */
function serve(options: { dryRun?: ContentDryRun; refuse?: boolean } = {}) {
  const calls: string[] = [];
  let last = run();
  server.use(
    adminMeHandler(),
    http.get('*/api/admin/content/', () => {
      calls.push('overview');
      return HttpResponse.json(overview(last));
    }),
    http.post('*/api/admin/content/dry-run/', () => {
      calls.push('dry-run');
      return HttpResponse.json(options.dryRun ?? report());
    }),
    http.post('*/api/admin/content/import/', () => {
      calls.push('import');
      if (options.refuse) {
        last = run({
          outcome: 'refused',
          counts: null,
          by: 'grace',
          via: 'console',
          problem_count: 1,
          problems: [PROBLEM],
        });
        return HttpResponse.json(
          { detail: 'The content folder has problems; nothing was imported.', code: 'content_problems', run: last },
          { status: 422 },
        );
      }
      last = run({ by: 'grace', via: 'console', counts: { ...run().counts!, created: 3, updated: 1, hidden: 0 } });
      return HttpResponse.json(last);
    }),
  );
  return calls;
}

describe('AdminContentPage', () => {
  beforeEach(() => signIn('grace'));

  it('shows what is imported, hidden rows included, and the last import with its warnings', async () => {
    serve();
    renderRoutes('/admin/content', adminRoutes);
    const table = await screen.findByRole('table', { name: 'Imported content' });
    expect(within(table).getByText('Lessons and quizzes').closest('tr')).toHaveTextContent('Lessons and quizzes1802');
    const last = screen.getByRole('region', { name: 'Last import' });
    expect(within(last).getByText('The server, as it started')).toBeInTheDocument();
    expect(within(last).getByText('Imported')).toBeInTheDocument();
    expect(within(within(last).getByRole('list', { name: 'Warnings' })).getByText(WARNING.message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Content' })).toHaveAttribute('aria-current', 'page');
    expect(await axeViolations()).toEqual([]);
  });

  it('checks the folder first, offers the import only then, and imports after asking', async () => {
    const calls = serve();
    const { user } = renderRoutes('/admin/content', adminRoutes);
    const checkButton = await screen.findByRole('button', { name: 'Check the folder' });
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    await user.click(checkButton);
    const check = await screen.findByRole('region', { name: 'Check of the folder' });
    expect(within(check).getByRole('status')).toHaveTextContent(
      'Ready to import: 8 courses, 27 modules, 181 lessons and quizzes, 12 challenges and 24 badges. 1 warning: they do not stop it.',
    );
    const changes = within(check).getByRole('table', { name: 'What the import would create, change and hide' });
    expect(within(changes).getByText('Which port?').closest('tr')).toHaveTextContent(/^CreatedQuiz/);
    expect(within(changes).getByText('Old notes').closest('tr')).toHaveTextContent(/^Hidden \(left the folder\)Lesson/);
    expect(within(check).getByText('1 created, 0 changed, 1 hidden.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Import' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Import the content folder?' })).getByRole('button', {
        name: 'Import',
      }),
    );
    expect(await screen.findByText('Imported: 3 created, 1 updated, 0 hidden.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Last import' })).getByText('grace, in the console'),
      ).toBeInTheDocument(),
    );
    expect(calls.filter((call) => call !== 'overview')).toEqual(['dry-run', 'import']);
    expect(screen.queryByRole('region', { name: 'Check of the folder' })).toBeNull();
  });

  it('lists the problems of a folder that cannot be imported, and offers no import', async () => {
    serve({ dryRun: report({ valid: false, problem_count: 1, problems: [PROBLEM] }) });
    const { user } = renderRoutes('/admin/content', adminRoutes);
    await user.click(await screen.findByRole('button', { name: 'Check the folder' }));
    const check = await screen.findByRole('region', { name: 'Check of the folder' });
    expect(within(check).getByRole('status')).toHaveTextContent('1 problem to fix in the folder, then check it again');
    expect(
      within(within(check).getByRole('list', { name: 'Problems' })).getByText('badges.yaml:2'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the first ten warnings until asked for all, and says when the server listed only some', async () => {
    const warnings = Array.from({ length: 12 }, (_, i) => ({ ...WARNING, line: i + 1 }));
    serve({ dryRun: report({ warning_count: 250, warnings }) });
    const { user } = renderRoutes('/admin/content', adminRoutes);
    await user.click(await screen.findByRole('button', { name: 'Check the folder' }));
    const check = await screen.findByRole('region', { name: 'Check of the folder' });
    const list = within(check).getByRole('list', { name: 'Warnings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(check).getByRole('button', { name: 'Show all 12' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(within(check).getByText(/The first 12 of 250 are listed/)).toBeInTheDocument();
  });

  it('says when the server refused the import, and shows the refused run as the last import', async () => {
    serve({ refuse: true });
    const { user } = renderRoutes('/admin/content', adminRoutes);
    await user.click(await screen.findByRole('button', { name: 'Check the folder' }));
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The content folder has problems; nothing was imported.')).toBeInTheDocument();
    // The page is hidden from assistive technology until the dialog has gone.
    const last = await screen.findByRole('region', { name: 'Last import' });
    await waitFor(() => expect(within(last).getByText('Refused: nothing was imported')).toBeInTheDocument());
    expect(within(within(last).getByRole('list', { name: 'Problems' })).getByText(PROBLEM.message)).toBeInTheDocument();
  });

  it("waits minutes, not a page's 5 s, for a check and an import, which take that long on a busy server", async () => {
    serve();
    const waits: Record<string, number | undefined> = {};
    const watch = api.interceptors.request.use((config) => {
      if (config.method === 'post') waits[config.url!] = config.timeout;
      return config;
    });
    try {
      const { user } = renderRoutes('/admin/content', adminRoutes);
      await user.click(await screen.findByRole('button', { name: 'Check the folder' }));
      await user.click(await screen.findByRole('button', { name: 'Import' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Import' }));
      await screen.findByText('Imported: 3 created, 1 updated, 0 hidden.');
    } finally {
      api.interceptors.request.eject(watch);
    }
    expect(CONTENT_ACTION_TIMEOUT_MS).toBeGreaterThanOrEqual(60_000);
    expect(waits).toEqual({
      '/api/admin/content/dry-run/': CONTENT_ACTION_TIMEOUT_MS,
      '/api/admin/content/import/': CONTENT_ACTION_TIMEOUT_MS,
    });
  });
});
