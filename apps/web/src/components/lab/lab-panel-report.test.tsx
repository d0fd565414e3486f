import type { LabStartReport } from '@bastion/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LabSetup } from '@bastion/labs';
import { renderWithApp } from '@test/render-app.tsx';
import { fakeLab, type FakeLab } from '@test/fake-lab.ts';
import { stubMatchMedia } from '@test/match-media.ts';
import { server } from '@test/server.ts';
import { LabEnvironmentContext } from './lab-environment.tsx';
import { LabPanel } from './lab-panel.tsx';

const SETUP: LabSetup = { hostname: 'lab', user: 'student', cwd: '/home/student', files: [] };
const LAB = { type: 'challenge' as const, id: '6f1c1a9e-8a52-4c36-9a57-8d8f3a6c2b11' };

function renderLab(lab: FakeLab) {
  renderWithApp(
    <LabEnvironmentContext value={lab.environment}>
      <LabPanel lab={LAB} label="student@lab" intro="A real machine." loadSetup={() => Promise.resolve(SETUP)} />
    </LabEnvironmentContext>,
  );
  return userEvent.setup();
}

describe('the lab panel reports its starts', () => {
  const reports: LabStartReport[] = [];
  beforeEach(() => {
    stubMatchMedia();
    reports.length = 0;
    server.use(
      http.post('*/api/labs/starts/', async ({ request }) => {
        reports.push((await request.json()) as LabStartReport);
        return HttpResponse.json({ detail: 'Recorded.' }, { status: 201 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reports a cold start at its prompt, then a reset', async () => {
    const user = renderLab(fakeLab());
    await user.click(await screen.findByRole('button', { name: 'Start lab' }));
    const reset = screen.getByRole('button', { name: 'Reset' });
    await waitFor(() => expect(reset).toBeEnabled(), { timeout: 5000 });
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toEqual({
      item_type: 'challenge',
      item_id: LAB.id,
      kind: 'cold',
      outcome: 'ok',
      duration_ms: expect.any(Number),
      stage: null,
      reason: null,
      browser: expect.stringMatching(/^(chromium|firefox|webkit|other)$/),
    });

    await user.click(reset);
    await waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[1]).toMatchObject({ kind: 'reset', outcome: 'ok' });
  });

  it('reports a start that failed, and where', async () => {
    const user = renderLab(fakeLab({ failures: ['memory'] }));
    await user.click(await screen.findByRole('button', { name: 'Start lab' }));
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ outcome: 'failed', reason: 'memory', stage: expect.any(String) });
  });
});
