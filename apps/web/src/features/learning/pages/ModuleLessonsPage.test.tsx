import { LEARNING_MESSAGES } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/server.ts';
import { LESSON2_ID, LESSON_ID, QUIZ_ID, lesson, lessons, outcome, quiz } from '@test/features/learning/fixtures.ts';
import { LESSONS_URL, renderLessons, serveLessons } from '@test/features/learning/lessons-page.tsx';

describe('ModuleLessonsPage: loading and states', () => {
  it('opens the first unfinished item, rendering its Markdown, and keeps it in the address', async () => {
    serveLessons(
      lessons({
        items: [
          lesson({ completed: true }),
          lesson({ id: LESSON2_ID, order: 2, title: 'Navigating', content: 'Use **cd** to move.' }),
          quiz(),
        ],
      }),
    );
    const { router } = renderLessons();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the module…');
    expect(await screen.findByRole('heading', { level: 1, name: 'The Shell' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Navigating' })).toBeInTheDocument();
    expect(screen.getByText('cd', { selector: 'strong' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?item=${LESSON2_ID}`));
    expect(screen.getByText('Contents · 1 of 3 done')).toBeInTheDocument();
    expect(document.title).toBe('The Shell · Bastion');
  });

  it('shows the lesson title once (the Markdown title is dropped) and renders tables', async () => {
    serveLessons();
    renderLessons();
    expect(await screen.findByRole('heading', { level: 2, name: 'What Is a Shell?' })).toBeInTheDocument();
    expect(screen.getAllByText('What Is a Shell?')).toHaveLength(1);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Table' })).toHaveAttribute('tabindex', '0');
  });

  it('renders lesson Markdown safely', async () => {
    const content = [
      'Raw <script>window.hacked = true</script> and <img src="x" onerror="window.hacked = true">.',
      '',
      '[bad](javascript:alert(1)) [site](https://example.com/docs) [modules](/modules)',
      '',
      '![diagram](/media/content/diagram.png)',
      '',
      '## Section',
    ].join('\n');
    serveLessons(lessons({ items: [lesson({ content })] }));
    renderLessons();
    await screen.findByRole('heading', { level: 2, name: 'What Is a Shell?' });
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText(/Raw/)).toHaveTextContent('<script>');
    expect(screen.getByText('bad').closest('a')).toBeNull();
    const external = screen.getByRole('link', { name: 'site (opens in a new tab)' });
    expect(external).toHaveAttribute('href', 'https://example.com/docs');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'modules' })).toHaveAttribute('href', '/modules');
    expect(screen.getByRole('img', { name: 'diagram' })).toHaveAttribute('src', '/media/content/diagram.png');
    // Lesson headings sit below the page's h1 and the item's h2.
    expect(screen.getByRole('heading', { level: 3, name: 'Section' })).toBeInTheDocument();
  });

  it('shows an empty module', async () => {
    serveLessons(lessons({ items: [] }));
    renderLessons();
    expect(await screen.findByRole('heading', { name: 'Nothing here yet' })).toBeInTheDocument();
  });

  it('shows not-found for an unknown module', async () => {
    server.use(http.get(LESSONS_URL, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    renderLessons();
    expect(await screen.findByRole('heading', { name: 'Module not found' })).toBeInTheDocument();
  });

  it('shows the premium lock for a locked module, leading to /subscription', async () => {
    server.use(
      http.get(LESSONS_URL, () => HttpResponse.json({ detail: LEARNING_MESSAGES.premiumRequired }, { status: 403 })),
    );
    renderLessons();
    expect(await screen.findByRole('heading', { name: 'This module is part of Premium' })).toBeInTheDocument();
    expect(screen.getByText(LEARNING_MESSAGES.premiumRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Premium plans' })).toHaveAttribute('href', '/subscription');
  });

  it('shows a failure with a retry', async () => {
    server.use(http.get(LESSONS_URL, () => HttpResponse.json({ detail: 'Boom.' }, { status: 500 })));
    renderLessons();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this module. Boom.');
  });

  it('lists the items in order in the contents, marking done and current ones', async () => {
    serveLessons(
      lessons({
        items: [lesson({ completed: true }), lesson({ id: LESSON2_ID, order: 2, title: 'Navigating' }), quiz()],
      }),
    );
    const { user } = renderLessons(`?item=${LESSON2_ID}`);
    await user.click(await screen.findByRole('button', { name: /Contents/ }));
    const nav = await screen.findByRole('navigation', { name: 'Module contents' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'What Is a Shell? (lesson, completed)Lesson · 5 pts',
      'Navigating (lesson)Lesson · 5 pts',
      'Grep the Config (quiz)Quiz · 10 pts',
    ]);
    expect(links[1]).toHaveAttribute('aria-current', 'step');
    await user.click(links[2]!);
    expect(await screen.findByRole('heading', { level: 2, name: 'Grep the Config' })).toHaveFocus();
  });
});

describe('ModuleLessonsPage: lessons', () => {
  it("marks a lesson complete: 'Lesson completed successfully.', lessons and navbar refreshed", async () => {
    const served = serveLessons();
    let posted = '';
    server.use(
      http.post('/api/courses/lesson/:id/complete/', ({ params }) => {
        posted = String(params.id);
        served.data = lessons({ items: [lesson({ completed: true }), ...lessons().items.slice(1)] });
        return HttpResponse.json({ detail: LEARNING_MESSAGES.lessonCompleted, ...outcome() });
      }),
    );
    const { user, queryClient } = renderLessons();
    queryClient.setQueryData(['navbar'], { user_photo: null, is_premium: false, user_points: 0, user_strike: 0 });
    await user.click(await screen.findByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByText('Lesson completed successfully.')).toBeInTheDocument();
    expect(posted).toBe(LESSON_ID);
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(served.calls).toBe(2);
    expect(queryClient.getQueryState(['navbar'])?.isInvalidated).toBe(true);
    // The page stays on the lesson just finished; the learner moves on with Next.
    expect(screen.getByRole('heading', { level: 2, name: 'What Is a Shell?' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Next: Navigating' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Navigating' })).toBeInTheDocument();
  });

  it("a refused completion shows 'Failed to complete the lesson.' with the reason", async () => {
    serveLessons();
    server.use(
      http.post('/api/courses/lesson/:id/complete/', () =>
        HttpResponse.json({ detail: LEARNING_MESSAGES.enrollFirst }, { status: 400 }),
      ),
    );
    const { user } = renderLessons();
    await user.click(await screen.findByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByText('Failed to complete the lesson. Enroll in this module first.')).toBeInTheDocument();
  });
});

describe('ModuleLessonsPage: quizzes', () => {
  it('shows the answer format and checks the shape before sending anything', async () => {
    serveLessons();
    let submitted = 0;
    server.use(
      http.post('/api/courses/quiz/:id/submit_answer/', () => {
        submitted += 1;
        return HttpResponse.json({
          correct: false,
          detail: LEARNING_MESSAGES.quizIncorrect,
          ...outcome({ points_awarded: 0 }),
        });
      }),
    );
    const { user } = renderLessons(`?item=${QUIZ_ID}`);
    const field = await screen.findByRole('textbox', { name: 'Your answer' });
    expect(field).toHaveAccessibleDescription('Format: ****. 4 characters. Each * stands for one character.');
    await user.click(screen.getByRole('button', { name: 'Submit answer' }));
    expect(field).toHaveAccessibleDescription('Enter your answer.');
    await user.type(field, '54');
    expect(screen.getByText('54**')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit answer' }));
    expect(field).toHaveAccessibleDescription('The format **** has 4 characters; your answer has 2.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(submitted).toBe(0);
  });

  it('sends the trimmed answer; a wrong one shows incorrect, a right one correct with points, then the accepted answer', async () => {
    const served = serveLessons();
    const bodies: unknown[] = [];
    server.use(
      http.post(`/api/courses/quiz/${QUIZ_ID}/submit_answer/`, async ({ request }) => {
        const body = (await request.json()) as { answer: string };
        bodies.push(body);
        if (body.answer !== '5432') {
          return HttpResponse.json({
            correct: false,
            detail: LEARNING_MESSAGES.quizIncorrect,
            ...outcome({ points_awarded: 0 }),
          });
        }
        served.data = lessons({
          items: [...lessons().items.slice(0, 2), quiz({ solved: true, answer_if_solved: '5432' })],
        });
        return HttpResponse.json({
          correct: true,
          detail: LEARNING_MESSAGES.quizCorrect,
          ...outcome({ points_awarded: 10 }),
        });
      }),
    );
    const { user } = renderLessons(`?item=${QUIZ_ID}`);
    const field = await screen.findByRole('textbox', { name: 'Your answer' });
    await user.type(field, ' 1234 ');
    await user.click(screen.getByRole('button', { name: 'Submit answer' }));
    expect(await screen.findByText('Incorrect answer. Please try again.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ answer: '1234' });

    await user.clear(field);
    expect(screen.queryByText('Incorrect answer. Please try again.')).not.toBeInTheDocument();
    await user.type(field, '5432{Enter}');
    expect(await screen.findByText('Correct answer! +10 points.')).toBeInTheDocument();
    expect(await screen.findByText(/Solved\. Accepted answer:/)).toHaveTextContent('Solved. Accepted answer: 5432');
    expect(screen.queryByRole('textbox', { name: 'Your answer' })).not.toBeInTheDocument();
  });

  it("a failed submission shows 'Failed to submit the quiz.' with the server's reason and the wait", async () => {
    serveLessons();
    server.use(
      http.post('/api/courses/quiz/:id/submit_answer/', () =>
        HttpResponse.json(
          { detail: LEARNING_MESSAGES.answerThrottled },
          { status: 429, headers: { 'Retry-After': '3599' } },
        ),
      ),
    );
    const { user } = renderLessons(`?item=${QUIZ_ID}`);
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), '1111{Enter}');
    expect(
      await screen.findByText(
        `Failed to submit the quiz. ${LEARNING_MESSAGES.answerThrottled} Try again in 60 minutes.`,
      ),
    ).toBeInTheDocument();
  });

  it('a solved quiz shows its accepted answer instead of the field', async () => {
    serveLessons(lessons({ items: [quiz({ solved: true, answer_if_solved: '5432' })] }));
    renderLessons(`?item=${QUIZ_ID}`);
    expect(await screen.findByText(/Solved\. Accepted answer:/)).toHaveTextContent('5432');
  });
});
