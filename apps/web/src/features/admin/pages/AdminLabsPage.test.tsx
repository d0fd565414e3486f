import type { LabHealth, LabHealthLab } from '@bastion/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

const timing = (starts: number, failures: number, median: number | null, p90: number | null) => ({
  starts,
  failures,
  median_ms: median,
  p90_ms: p90,
});
const GREP: LabHealthLab = {
  item: { type: 'quiz', id: 'q1', title: 'Grep the Config' },
  ...timing(40, 1, 2100, 9400),
  last_failure: null,
};
const CRUMBS: LabHealthLab = {
  item: { type: 'challenge', id: 'c1', title: 'Crumbs in the Source' },
  ...timing(12, 3, 8000, 31_000),
  last_failure: { at: '2026-11-02T10:00:00.000Z', stage: 'booting', reason: 'memory' },
};
const HEALTH: LabHealth = {
  days: 30,
  kind: null,
  kept_days: 90,
  totals: timing(52, 4, 2500, 24_000),
  per_day: [
    { day: '2026-11-01', ...timing(0, 0, null, null) },
    { day: '2026-11-02', ...timing(52, 4, 2500, 24_000) },
  ],
  per_kind: [{ kind: 'cold', ...timing(2, 1, 31_000, 31_000) }],
  per_browser: [{ browser: 'webkit', ...timing(52, 4, 2500, 24_000) }],
  failures: [{ stage: 'booting', reason: 'memory', count: 3 }],
  slowest: [CRUMBS, GREP],
  most_failing: [CRUMBS, GREP],
  labs: [CRUMBS, GREP],
};

describe('AdminLabsPage', () => {
  beforeEach(() => signIn('grace'));

  it('shows start times and failures, the slowest and most failing labs, and where starts failed', async () => {
    const asked: string[] = [];
    server.use(
      adminMeHandler(),
      http.get('*/api/admin/labs/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(HEALTH);
      }),
    );
    const { user } = renderRoutes('/admin/labs', adminRoutes);
    const tiles = await screen.findByRole('list', { name: 'Lab starts' });
    expect(tiles).toHaveTextContent('Starts52');
    expect(tiles).toHaveTextContent('Failed4');
    expect(tiles).toHaveTextContent('Median start2.5 s');
    expect(tiles).toHaveTextContent('90th percentile start24.0 s');
    const perDay = within(screen.getByRole('table', { name: 'Start time per day (seconds)' })).getAllByRole('row');
    expect(perDay[1]).toHaveTextContent(/^2026-11-01$/);
    expect(perDay[2]).toHaveTextContent('2026-11-022.524');
    const slowest = within(screen.getByRole('table', { name: 'Slowest labs' })).getAllByRole('row');
    expect(slowest[1]).toHaveTextContent('Crumbs in the SourceChallenge1238.0 s31.0 sBooting Linux: too little memory');
    expect(slowest[2]).toHaveTextContent('Grep the ConfigQuiz4012.1 s9.4 s—');
    expect(screen.getByRole('table', { name: 'Failures by stage' })).toHaveTextContent(
      'Booting LinuxToo little memory3',
    );
    expect(screen.getByRole('table', { name: 'Starts by browser' })).toHaveTextContent('WebKit (Safari)52');
    expect(screen.getByRole('link', { name: 'Lab health' })).toHaveAttribute('aria-current', 'page');
    expect(asked).toEqual(['?days=30']);
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Kind of start' }));
    await user.click(await screen.findByRole('option', { name: 'Cold boot' }));
    await screen.findByRole('list', { name: 'Lab starts' });
    expect(asked.at(-1)).toBe('?days=30&kind=cold');
  });

  it('says when no lab started in the period', async () => {
    server.use(
      adminMeHandler(),
      http.get('*/api/admin/labs/', () =>
        HttpResponse.json({
          ...HEALTH,
          totals: timing(0, 0, null, null),
          per_kind: [],
          per_browser: [],
          failures: [],
          slowest: [],
          most_failing: [],
          labs: [],
        }),
      ),
    );
    renderRoutes('/admin/labs?days=7', adminRoutes);
    await screen.findByRole('heading', { name: 'No lab starts in this period.' });
    expect(screen.getByText(/Reports are kept 90 days/)).toBeInTheDocument();
  });
});
