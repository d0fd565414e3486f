import { LEARNING_MESSAGES } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { server } from '@test/server.ts';
import { MODULE_ID, QUIZ_ID, lesson, lessons, module, outcome, quiz } from '@test/features/learning/fixtures.ts';
import { renderPage } from '@test/features/learning/render.tsx';
import { ModuleLessonsPage } from './ModuleLessonsPage.tsx';

const LESSONS_URL = `/api/courses/module/${MODULE_ID}/lessons/`;
const HINT_URL = `/api/courses/quiz/${QUIZ_ID}/hint/`;
const HINT = 'Look for the line that starts with `db_port`.';
const EXPLANATION = 'The port is on the **db_port** line. Next, check that the database listens only locally.';

function renderQuiz() {
  return renderPage(
    '/courses/module/:moduleId/lessons',
    <ModuleLessonsPage />,
    `/courses/module/${MODULE_ID}/lessons?item=${QUIZ_ID}`,
  );
}

/** Serves the module with the given quiz (after one lesson), counting the calls to the hint route. */
function serveQuiz(item = quiz()) {
  const state = { data: lessons({ module: module({ enrolled: true }), items: [lesson(), item] }), hintCalls: 0 };
  server.use(
    http.get(LESSONS_URL, () => HttpResponse.json(state.data)),
    http.post(HINT_URL, () => {
      state.hintCalls += 1;
      return HttpResponse.json({ detail: LEARNING_MESSAGES.hintFetched, hint: HINT, hint_cost: item.hint_cost });
    }),
  );
  return state;
}

describe('ModuleLessonsPage: quiz hints', () => {
  it('a free hint shows at once, as Markdown, takes the focus and leaves no button behind', async () => {
    const served = serveQuiz(quiz({ has_hint: true, hint_cost: 0 }));
    const { user } = renderQuiz();
    await user.click(await screen.findByRole('button', { name: 'Show hint (free)' }));
    const hint = await screen.findByRole('note');
    expect(within(hint).getByText('Hint')).toBeInTheDocument();
    expect(within(hint).getByText('db_port', { selector: 'code' })).toBeInTheDocument();
    await waitFor(() => expect(hint).toHaveFocus());
    expect(hint.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show hint/ })).not.toBeInTheDocument();
    expect(served.hintCalls).toBe(1);
  });

  it('a hint that costs points names its cost and is confirmed first; Cancel takes nothing', async () => {
    const served = serveQuiz(quiz({ has_hint: true, hint_cost: 3 }));
    const { user } = renderQuiz();
    const show = await screen.findByRole('button', { name: 'Show hint (costs 3 points)' });
    await user.click(show);
    const dialog = await screen.findByRole('dialog', { name: 'Use the hint?' });
    expect(dialog).toHaveAccessibleDescription(
      'Take the hint for 3 points? The cost comes off what this quiz awards, and you pay it only once.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(served.hintCalls).toBe(0);

    // From the keyboard this time.
    show.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Take the hint' }));
    expect(await screen.findByRole('note')).toHaveTextContent(/Look for the line that starts with db_port/);
    expect(served.hintCalls).toBe(1);
  });

  it("a hint taken before shows with the quiz; a failure says 'Failed to fetch hint.' with the reason", async () => {
    serveQuiz(quiz({ has_hint: true, hint_cost: 2, hint_used: true, hint: HINT }));
    const first = renderQuiz();
    expect(await screen.findByRole('note')).toHaveTextContent('Hint');
    expect(screen.queryByRole('button', { name: /Show hint/ })).not.toBeInTheDocument();
    first.unmount();

    serveQuiz(quiz({ has_hint: true, hint_cost: 0 }));
    server.use(http.post(HINT_URL, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    const { user } = renderQuiz();
    await user.click(await screen.findByRole('button', { name: 'Show hint (free)' }));
    expect(await screen.findByText('Failed to fetch hint. Not found.')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('offers no hint button for a quiz without one', async () => {
    serveQuiz(quiz());
    renderQuiz();
    await screen.findByRole('textbox', { name: 'Your answer' });
    expect(screen.queryByRole('button', { name: /Show hint/ })).not.toBeInTheDocument();
  });
});

describe('ModuleLessonsPage: quiz explanations', () => {
  it('a correct answer shows the explanation as Markdown at once, under the accepted answer', async () => {
    const served = serveQuiz(quiz());
    server.use(
      http.post(`/api/courses/quiz/${QUIZ_ID}/submit_answer/`, () => {
        // The refetch brings the solved quiz without its explanation: the answer's own copy is kept.
        served.data = lessons({ items: [lesson(), quiz({ solved: true, answer_if_solved: '5432' })] });
        return HttpResponse.json({
          correct: true,
          detail: LEARNING_MESSAGES.quizCorrect,
          ...outcome({ points_awarded: 10 }),
          explanation: EXPLANATION,
        });
      }),
    );
    const { user } = renderQuiz();
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), '5432{Enter}');
    const section = await screen.findByRole('region', { name: 'Why this is the answer' });
    expect(within(section).getByText('db_port', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/Solved\. Accepted answer:/)).toBeInTheDocument();
  });

  it('a wrong answer shows none; a solved quiz shows its explanation and no hint button', async () => {
    serveQuiz(quiz({ has_hint: true, hint_cost: 0 }));
    server.use(
      http.post(`/api/courses/quiz/${QUIZ_ID}/submit_answer/`, () =>
        HttpResponse.json({
          correct: false,
          detail: LEARNING_MESSAGES.quizIncorrect,
          ...outcome({ points_awarded: 0 }),
          explanation: null,
        }),
      ),
    );
    const first = renderQuiz();
    await first.user.type(await screen.findByRole('textbox', { name: 'Your answer' }), '1234{Enter}');
    expect(await screen.findByText(LEARNING_MESSAGES.quizIncorrect)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Why this is the answer' })).not.toBeInTheDocument();
    first.unmount();

    serveQuiz(quiz({ solved: true, answer_if_solved: '5432', explanation: EXPLANATION, has_hint: true, hint: HINT }));
    renderQuiz();
    expect(await screen.findByRole('region', { name: 'Why this is the answer' })).toHaveTextContent(
      /Next, check that the database listens only locally\./,
    );
    expect(screen.queryByRole('button', { name: /Show hint/ })).not.toBeInTheDocument();
  });

  it('a quiz with its hint and explanation shown has no axe violations', async () => {
    serveQuiz(quiz({ solved: true, answer_if_solved: '5432', explanation: EXPLANATION, has_hint: true, hint: HINT }));
    renderQuiz();
    await screen.findByRole('region', { name: 'Why this is the answer' });
    expect(await axeViolations()).toEqual([]);
  });
});

describe('ModuleLessonsPage: reading times', () => {
  it('says the minutes the server computed for a quiz and a lesson', async () => {
    serveQuiz(quiz({ minutes: 6 }));
    const { user } = renderQuiz();
    expect(await screen.findByText('Quiz 3 · 10 pts · 6 min')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /What Is a Shell\?/ }));
    expect(await screen.findByText('Lesson 1 · 5 pts · 4 min')).toBeInTheDocument();
  });

  it('leaves the minutes out when the server does not know them', async () => {
    serveQuiz(quiz({ minutes: 0 }));
    renderQuiz();
    expect(await screen.findByText('Quiz 3 · 10 pts')).toBeInTheDocument();
  });
});
