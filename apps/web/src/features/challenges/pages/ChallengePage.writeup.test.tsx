import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveChallenge } from '@test/features/challenges/challenge-server.ts';
import { CHALLENGE_ID, COMPLETION_ID, content, detail } from '@test/features/challenges/fixtures.ts';
import { renderPage } from '@test/features/challenges/render.tsx';
import { ChallengePage } from './ChallengePage.tsx';

const renderChallenge = () => renderPage('/challenges/:challengeId', <ChallengePage />, `/challenges/${CHALLENGE_ID}`);
const allSolved = () => content({ steps: content().steps.map((s) => ({ ...s, solved: true, locked: false })) });

describe('ChallengePage: the write-up', () => {
  it('a completed challenge shows how each step is solved: why, the commands in the lab and the answer', async () => {
    serveChallenge({ detail: detail({ status: 'completed', completion_id: COMPLETION_ID }), content: allSolved() });
    renderChallenge();
    const section = await screen.findByRole('region', { name: 'Write-up' });
    const first = await within(section).findByRole('article', { name: "Developer's note" });
    expect(within(first).getByText('<!-- comments -->', { selector: 'code' })).toBeInTheDocument();
    expect(within(first).getByText("grep -o 'staging[^ ]*' index.html", { selector: 'pre code' })).toBeInTheDocument();
    expect(within(first).getByText('staging-7f3a.bakery.example.com', { selector: 'code' })).toBeInTheDocument();
    const second = within(section).getByRole('article', { name: 'Disallowed' });
    expect(within(second).queryByRole('heading', { name: 'In the lab' })).not.toBeInTheDocument();
    expect(within(second).getByText('/db-exports-q1/', { selector: 'code' })).toBeInTheDocument();
  });

  it('is not asked for while the challenge is unsolved, and appears with the last correct answer', async () => {
    const { requests, answers } = serveChallenge({
      detail: detail({ status: 'in_progress' }),
      content: content({
        steps: content().steps.map((s, index) => ({ ...s, solved: index < 2, locked: false })),
      }),
    });
    const { user } = renderChallenge();
    const last = await screen.findByRole('region', { name: 'Step 3' });
    expect(screen.queryByRole('region', { name: 'Write-up' })).not.toBeInTheDocument();
    expect(requests.writeups).toBe(0);
    await user.type(within(last).getByRole('textbox', { name: 'Your answer' }), answers[3]!.replace(/[{[]/g, '$&$&'));
    await user.click(within(last).getByRole('button', { name: 'Submit answer' }));
    expect(await screen.findByRole('region', { name: 'Write-up' })).toBeInTheDocument();
    expect(requests.writeups).toBe(1);
  });
});
