import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LabEnvironmentContext } from '@/components/lab/lab-environment.tsx';
import { fakeLab } from '@test/fake-lab.ts';
import { server } from '@test/server.ts';
import { serveChallenge } from '@test/features/challenges/challenge-server.ts';
import { CHALLENGE_ID, content } from '@test/features/challenges/fixtures.ts';
import { renderPage } from '@test/features/challenges/render.tsx';
import { ChallengePage } from '../pages/ChallengePage.tsx';
import { stubMatchMedia } from '@test/match-media.ts';

function renderChallengeWithLab(lab = fakeLab()) {
  return renderPage(
    '/challenges/:challengeId',
    <LabEnvironmentContext value={lab.environment}>
      <ChallengePage />
    </LabEnvironmentContext>,
    `/challenges/${CHALLENGE_ID}`,
  );
}

describe('challenge lab', () => {
  beforeEach(() => stubMatchMedia());
  afterEach(() => vi.unstubAllGlobals());

  it('puts the attachments, fetched with the session, in the learner’s home directory', async () => {
    serveChallenge();
    const authorizations: (string | null)[] = [];
    server.use(
      http.get('/media/challenges/crumbs/:name', ({ request, params }) => {
        authorizations.push(request.headers.get('authorization'));
        return new HttpResponse(`contents of ${String(params.name)}`);
      }),
    );
    const lab = fakeLab();
    const { user } = renderChallengeWithLab(lab);
    await user.click(await screen.findByRole('button', { name: 'Start lab' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled(), { timeout: 5000 });
    const setup = lab.machines[0]?.setups[0] ?? '';
    expect(setup).toContain('/home/learner/index.html');
    expect(setup).toContain('/home/learner/robots.txt');
    expect(setup).toContain(btoa('contents of robots.txt'));
    expect(authorizations).toHaveLength(2);
    for (const authorization of authorizations) expect(authorization).toMatch(/^Bearer /);
  });

  it('says so when a file cannot be fetched, and tries again', async () => {
    serveChallenge();
    let refuse = true;
    server.use(
      http.get('/media/challenges/crumbs/:name', () =>
        refuse ? HttpResponse.json({ detail: 'Not found.' }, { status: 404 }) : new HttpResponse('ok'),
      ),
    );
    const lab = fakeLab();
    const { user } = renderChallengeWithLab(lab);
    await user.click(await screen.findByRole('button', { name: 'Start lab' }));
    expect(
      await screen.findByText(/The lab machine or its files could not be downloaded/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled(), { timeout: 5000 });
  });

  it('offers no lab for a challenge without files', async () => {
    serveChallenge({ content: content({ attachments: [] }) });
    renderChallengeWithLab();
    expect(await screen.findByRole('heading', { level: 1, name: 'Crumbs in the Source' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start lab' })).not.toBeInTheDocument();
  });

  it('starts a lab with its network and services when the challenge has one but no files', async () => {
    const attributes = {
      owner: 'root',
      group: 'root',
      mode: '0600',
      mtime: null,
      directory: false,
      encoding: 'utf-8' as const,
      copy_of: null,
    };
    serveChallenge({
      content: content({
        attachments: [],
        lab: {
          files: { '/root/flag.txt': 'flag{inside}\n' },
          file_attributes: { '/root/flag.txt': attributes },
          network: { address: '10.10.0.5/24' },
          hosts: [{ name: 'shop.lab.internal', address: '10.10.0.20' }],
          services: [
            { name: 'shop', user: 'www-data', command: 'python3 app.py', host: 'shop.lab.internal', ports: [80] },
          ],
          accounts: [],
          processes_visible: false,
          packet_capture: false,
          sealed: null,
          tools: [],
        },
      }),
    });
    const lab = fakeLab();
    const { user } = renderChallengeWithLab(lab);
    expect(await screen.findByText(/small network of its own to explore/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Start lab' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled(), { timeout: 5000 });
    const setup = lab.machines[0]?.setups[0] ?? '';
    expect(setup).toContain('/root/flag.txt');
    expect(setup).toContain('10.10.0.20 shop.lab.internal');
    expect(setup).toContain('python3 app.py');
  });
});
