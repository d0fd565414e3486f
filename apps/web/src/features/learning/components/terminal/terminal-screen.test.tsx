import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../../test/server.ts';
import { MODULE_ID, QUIZ_ID, TERMINAL, lessons, quiz } from '../../test/fixtures.ts';
import { renderPage } from '../../test/render.tsx';
import { ModuleLessonsPage } from '../../pages/ModuleLessonsPage.tsx';

/** A long first command keeps the replay running for seconds, so Skip is surely there to press. */
const SESSION = {
  ...TERMINAL,
  entries: [{ command: `echo ${'x'.repeat(150)}`, output: `${'x'.repeat(150)}\n` }, ...TERMINAL.entries],
};

function renderQuizWithTerminal(session = SESSION) {
  server.use(
    http.get(`/api/courses/module/${MODULE_ID}/lessons/`, () =>
      HttpResponse.json(lessons({ items: [quiz({ has_terminal: true })] })),
    ),
    http.get(`/api/courses/quiz/${QUIZ_ID}/terminal_content/`, () => HttpResponse.json(session)),
  );
  return renderPage(
    '/courses/module/:moduleId/lessons',
    <ModuleLessonsPage />,
    `/courses/module/${MODULE_ID}/lessons?item=${QUIZ_ID}`,
  );
}

const log = () => screen.getByRole('log', { name: 'Terminal' });

describe('quiz terminal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('replays the recorded session (skippable), then runs the learner’s commands', async () => {
    const { user } = renderQuizWithTerminal();
    const skip = await screen.findByRole('button', { name: 'Skip replay' }, { timeout: 5000 });
    expect(log()).toHaveAttribute('aria-busy', 'true');
    await user.click(skip);
    expect(log()).toHaveAttribute('aria-busy', 'false');
    expect(log()).toHaveTextContent('student@lab:~$ ls');
    expect(log()).toHaveTextContent('app.conf notes.txt');
    expect(log()).toHaveTextContent('Your turn: explore the files yourself.');

    const input = screen.getByRole('textbox', { name: 'student@lab:~$ command' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'grep port app.conf{Enter}');
    expect(log()).toHaveTextContent('student@lab:~$ grep port app.conf');
    expect(log()).toHaveTextContent('db_port=5432');
    expect(input).toHaveValue('');

    await user.type(input, 'cd /home{Enter}');
    expect(screen.getByRole('textbox', { name: 'student@lab:/home$ command' })).toBeInTheDocument();
    await user.type(input, 'nmap{Enter}');
    expect(log()).toHaveTextContent('bash: nmap: command not found');
  });

  it('recalls history with the arrow keys, completes with Tab, and clears with clear', async () => {
    const { user } = renderQuizWithTerminal();
    await user.click(await screen.findByRole('button', { name: 'Skip replay' }, { timeout: 5000 }));
    const input = screen.getByRole('textbox', { name: /command$/ });
    await user.type(input, 'whoami{Enter}');
    await user.type(input, 'pwd{Enter}');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('pwd');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('whoami');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('');

    await user.type(input, 'cat no');
    await user.keyboard('{Tab}');
    expect(input).toHaveValue('cat notes.txt ');
    expect(input).toHaveFocus();

    await user.clear(input);
    await user.type(input, 'clear{Enter}');
    expect(within(log()).queryByText(/whoami/)).not.toBeInTheDocument();
    expect(log()).toHaveTextContent('');
  });

  it('Tab on an empty line leaves the terminal (no keyboard trap)', async () => {
    const { user } = renderQuizWithTerminal();
    await user.click(await screen.findByRole('button', { name: 'Skip replay' }, { timeout: 5000 }));
    const input = screen.getByRole('textbox', { name: /command$/ });
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard('{Tab}');
    expect(input).not.toHaveFocus();
  });

  it('shows the whole recording at once when the learner prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    }));
    renderQuizWithTerminal();
    expect(await screen.findByRole('button', { name: 'Replay' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip replay' })).not.toBeInTheDocument();
    expect(log()).toHaveTextContent('app.conf notes.txt');
    expect(screen.getByRole('textbox', { name: /command$/ })).toBeInTheDocument();
  });

  it('types the recording out when left to play', async () => {
    renderQuizWithTerminal(TERMINAL);
    expect(await screen.findByText(/Your turn/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(log()).toHaveTextContent('student@lab:~$ ls');
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
