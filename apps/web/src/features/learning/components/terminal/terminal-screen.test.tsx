import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LabEnvironmentContext } from '@/components/lab/lab-environment.tsx';
import { server } from '@test/server.ts';
import { fakeLab, type FakeLab } from '@test/fake-lab.ts';
import { MODULE_ID, QUIZ_ID, TERMINAL, lessons, quiz } from '@test/features/learning/fixtures.ts';
import { renderPage } from '@test/features/learning/render.tsx';
import { ModuleLessonsPage } from '@/features/learning/pages/ModuleLessonsPage.tsx';
import { stubMatchMedia } from '@test/match-media.ts';

/** A long first command keeps the replay running for seconds, so Skip is surely there to press. */
const SESSION = {
  ...TERMINAL,
  entries: [{ command: `echo ${'x'.repeat(150)}`, output: `${'x'.repeat(150)}\n` }, ...TERMINAL.entries],
};

function renderQuizWithTerminal(session = SESSION, lab: FakeLab = fakeLab(), solved = false) {
  const item = quiz({ has_terminal: true, solved, answer_if_solved: solved ? '5432' : null });
  server.use(
    http.get(`/api/courses/module/${MODULE_ID}/lessons/`, () => HttpResponse.json(lessons({ items: [item] }))),
    http.get(`/api/courses/quiz/${QUIZ_ID}/terminal_content/`, () => HttpResponse.json(session)),
  );
  return renderPage(
    '/courses/module/:moduleId/lessons',
    <LabEnvironmentContext value={lab.environment}>
      <ModuleLessonsPage />
    </LabEnvironmentContext>,
    `/courses/module/${MODULE_ID}/lessons?item=${QUIZ_ID}`,
  );
}

const log = () => screen.getByRole('log', { name: 'Terminal' });

function stubReducedMotion(reduced = true) {
  stubMatchMedia((query) => reduced && query.includes('prefers-reduced-motion'));
}

describe('quiz terminal: the recorded session', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('replays the recorded session, skippable, and keeps focus on the transcript', async () => {
    const { user } = renderQuizWithTerminal();
    const skip = await screen.findByRole('button', { name: 'Skip replay' }, { timeout: 5000 });
    expect(log()).toHaveAttribute('aria-busy', 'true');
    await user.click(skip);
    expect(log()).toHaveAttribute('aria-busy', 'false');
    expect(log()).toHaveTextContent('student@lab:~$ ls');
    expect(log()).toHaveTextContent('app.conf notes.txt');
    expect(log()).toHaveTextContent('End of the recording. Start the lab to explore the files yourself.');
    await waitFor(() => expect(log()).toHaveFocus());
    // The recording is read-only now: the practice shell is the real lab.
    expect(screen.queryByRole('textbox', { name: /command$/ })).not.toBeInTheDocument();
  });

  it('holds the whole transcript’s height while it replays, so the lab below it does not move', async () => {
    const { user } = renderQuizWithTerminal();
    const skip = await screen.findByRole('button', { name: 'Skip replay' }, { timeout: 5000 });
    const space = log().previousElementSibling;
    expect(space).toHaveAttribute('aria-hidden', 'true');
    expect(getComputedStyle(space!).visibility).toBe('hidden');
    expect(space).toHaveTextContent('End of the recording. Start the lab to explore the files yourself.');
    expect(log()).not.toHaveTextContent('End of the recording.');
    await user.click(skip);
    expect(log().previousElementSibling).toBeNull();
  });

  it('shows the whole recording at once when the learner prefers reduced motion', async () => {
    stubReducedMotion();
    renderQuizWithTerminal();
    expect(await screen.findByRole('button', { name: 'Replay' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip replay' })).not.toBeInTheDocument();
    expect(log()).toHaveTextContent('app.conf notes.txt');
  });

  it('shows a solved quiz’s recording at once, without replaying it', async () => {
    stubReducedMotion(false);
    renderQuizWithTerminal(SESSION, fakeLab(), true);
    expect(await screen.findByRole('button', { name: 'Replay' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip replay' })).not.toBeInTheDocument();
    expect(log()).toHaveAttribute('aria-busy', 'false');
    expect(log()).toHaveTextContent('app.conf notes.txt');
  });

  it('types the recording out when left to play', async () => {
    renderQuizWithTerminal(TERMINAL);
    await waitFor(() => expect(log()).toHaveTextContent('End of the recording'), { timeout: 5000 });
    expect(log()).toHaveTextContent('student@lab:~$ ls');
  });

  it('starts a lab as the quiz’s user on its host, with its files and their attributes', async () => {
    stubReducedMotion(false);
    const lab = fakeLab();
    const { user } = renderQuizWithTerminal(TERMINAL, lab);
    await user.click(await screen.findByRole('button', { name: 'Start lab' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled(), { timeout: 5000 });
    const setup = lab.machines[0]?.setups[0] ?? '';
    expect(setup).toMatch(/echo '?lab'? > \/proc\/sys\/kernel\/hostname\n/);
    expect(setup).toMatch(/chmod 0640 '?\/home\/student\/app\.conf/);
    // The recording stays above the lab, as part of the question.
    expect(log()).toHaveTextContent('student@lab:~$ ls');
  });

  it("shows the prompt following each cd, as the lab's shell does", async () => {
    const entries = [
      { command: 'cd /var/log/nginx', output: '' },
      { command: 'ls', output: 'access.log\n' },
    ];
    renderQuizWithTerminal({ ...TERMINAL, entries }, fakeLab(), true);
    await waitFor(() => expect(log()).toHaveTextContent('student@lab:/var/log/nginx$ ls'));
    expect(log()).toHaveTextContent('student@lab:~$ cd /var/log/nginx');
  });

  it('shows no recording box for a lab without recorded commands, only the lab', async () => {
    renderQuizWithTerminal({ ...TERMINAL, entries: [] });
    expect(await screen.findByRole('button', { name: /Start lab/ })).toBeInTheDocument();
    expect(screen.queryByRole('log', { name: 'Terminal' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Recorded session/)).not.toBeInTheDocument();
    expect(screen.queryByText(/End of the recording/)).not.toBeInTheDocument();
  });

  it('shows a failure to load the terminal with a retry', async () => {
    server.use(
      http.get(`/api/courses/module/${MODULE_ID}/lessons/`, () =>
        HttpResponse.json(lessons({ items: [quiz({ has_terminal: true })] })),
      ),
      http.get(`/api/courses/quiz/${QUIZ_ID}/terminal_content/`, () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    renderPage(
      '/courses/module/:moduleId/lessons',
      <ModuleLessonsPage />,
      `/courses/module/${MODULE_ID}/lessons?item=${QUIZ_ID}`,
    );
    expect(await screen.findByText(/Could not load the terminal\./)).toBeInTheDocument();
  });
});
