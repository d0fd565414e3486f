import { LEARNING_MESSAGES } from '@bastion/contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/server.ts';
import {
  LESSON_ID,
  MODULE_ID,
  QUIZ_ID,
  lesson,
  lessons,
  module,
  outcome,
  quiz,
} from '@test/features/learning/fixtures.ts';
import { LESSONS_URL, renderLessons } from '@test/features/learning/lessons-page.tsx';

const renderItem = (itemId: string) => renderLessons(`?item=${itemId}`);

/**
 * A module the learner has not enrolled in, as the server keeps it: the calls it logs in order, and an
 * enrollment that makes it enrolled (or fails, when `enrollFails`).
 */
function serveUnenrolled(item = quiz(), { enrollFails = false } = {}) {
  const state = {
    data: lessons({ module: module({ enrolled: false }), items: [lesson(), item] }),
    calls: [] as string[],
  };
  const enrolled = () => state.data.module.enrolled;
  server.use(
    http.get(LESSONS_URL, () => HttpResponse.json(state.data)),
    http.post(`/api/courses/enroll_module/${MODULE_ID}/`, () => {
      state.calls.push('enroll');
      if (enrollFails) return HttpResponse.json({ detail: 'Database unavailable.' }, { status: 503 });
      state.data = { ...state.data, module: module({ enrolled: true }) };
      return HttpResponse.json({ detail: LEARNING_MESSAGES.moduleEnrolled }, { status: 201 });
    }),
    http.post(`/api/courses/quiz/${QUIZ_ID}/submit_answer/`, () => {
      state.calls.push(enrolled() ? 'answer' : 'answer before enrollment');
      return HttpResponse.json({ correct: false, detail: LEARNING_MESSAGES.quizIncorrect, ...outcome() });
    }),
    http.post(`/api/courses/quiz/${QUIZ_ID}/hint/`, () => {
      state.calls.push(enrolled() ? 'hint' : 'hint before enrollment');
      return HttpResponse.json({ detail: LEARNING_MESSAGES.hintFetched, hint: 'Read app.conf.', hint_cost: 0 });
    }),
    http.post(`/api/courses/lesson/${LESSON_ID}/complete/`, () => {
      state.calls.push(enrolled() ? 'complete' : 'complete before enrollment');
      return HttpResponse.json({ detail: LEARNING_MESSAGES.lessonCompleted, ...outcome({ points_awarded: 5 }) });
    }),
  );
  return state;
}

describe('ModuleLessonsPage: a learner who has not enrolled', () => {
  it('can type an answer, is told beside Submit that it enrolls them, and the answer enrolls them first', async () => {
    const served = serveUnenrolled();
    const { user } = renderItem(QUIZ_ID);
    const field = await screen.findByRole('textbox', { name: 'Your answer' });
    expect(field).toBeEnabled();
    expect(
      screen.getByText('You are not enrolled in The Shell yet: submitting your answer enrolls you.'),
    ).toBeVisible();
    await user.type(field, '1234{Enter}');
    expect(await screen.findByText('Incorrect answer. Please try again.')).toBeInTheDocument();
    expect(served.calls).toEqual(['enroll', 'answer']);
    expect(screen.queryByText(/You are not enrolled in The Shell yet/)).not.toBeInTheDocument();
  });

  it('sends no answer when the enrollment fails, and says why', async () => {
    const served = serveUnenrolled(quiz(), { enrollFails: true });
    const { user } = renderItem(QUIZ_ID);
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), '1234{Enter}');
    expect(await screen.findByText(/^Failed to enroll in the module\./)).toBeInTheDocument();
    expect(served.calls).toEqual(['enroll']);
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('1234');
  });

  it('takes a hint after enrolling them', async () => {
    const served = serveUnenrolled(quiz({ has_hint: true, hint_cost: 0 }));
    const { user } = renderItem(QUIZ_ID);
    await user.click(await screen.findByRole('button', { name: 'Show hint (free)' }));
    expect(await screen.findByText('Read app.conf.')).toBeInTheDocument();
    expect(served.calls).toEqual(['enroll', 'hint']);
  });

  it('marks a lesson complete after enrolling them, with the note beside the button', async () => {
    const served = serveUnenrolled();
    const { user } = renderItem(LESSON_ID);
    const button = await screen.findByRole('button', { name: 'Mark complete' });
    expect(button).toBeEnabled();
    expect(
      screen.getByText('You are not enrolled in The Shell yet: marking this lesson complete enrolls you.'),
    ).toBeVisible();
    await user.click(button);
    await waitFor(() => expect(served.calls).toEqual(['enroll', 'complete']));
  });

  it('keeps the banner with its Enroll button, which enrolls without any other action', async () => {
    const served = serveUnenrolled();
    const { user } = renderItem(LESSON_ID);
    expect(await screen.findByText(/Enroll in this module to track your progress/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enroll' }));
    expect(await screen.findByText('You have enrolled in the module.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Enroll in this module to track/)).not.toBeInTheDocument());
    expect(served.calls).toEqual(['enroll']);
  });
});
