import type { UnseenBadge } from '@bastion/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { axeViolations } from '@test/axe.ts';
import { BadgeCollectionDialog } from './badge-collection-dialog.tsx';

const sounds = vi.hoisted(() => ({ playSound: vi.fn() }));
vi.mock('@/lib/sounds.ts', () => sounds);
// react-confetti draws on a canvas jsdom does not have: stand in for it, keeping the props that matter.
vi.mock('react-confetti', () => ({
  default: ({ numberOfPieces }: { numberOfPieces: number }) => (
    <div data-testid="confetti" data-pieces={numberOfPieces} />
  ),
}));

const badge = (id: string, name: string): UnseenBadge => ({
  id,
  badge: { id: crypto.randomUUID(), name, description: `${name} description`, image: null, points: 10 },
  earned_at: '2026-11-20T10:00:00Z',
});

const FIRST = badge('00000000-0000-4000-8000-000000000001', 'First Steps');
const SECOND = badge('00000000-0000-4000-8000-000000000002', 'Quiz Whiz');

function serveUnseen(initial: UnseenBadge[]) {
  const state = { unseen: initial, collected: 0 };
  server.use(
    http.get('*/api/badges/unseen/', () => HttpResponse.json(state.unseen)),
    http.post('*/api/badges/mark-all-seen/', async () => {
      await delay(50);
      state.collected += 1;
      const marked = state.unseen.length;
      state.unseen = [];
      return HttpResponse.json({ marked });
    }),
  );
  return state;
}

describe('BadgeCollectionDialog', () => {
  beforeEach(() => {
    signIn('ada');
    sounds.playSound.mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens when unseen badges exist, with the achievement sound once and 200 pieces of confetti', async () => {
    serveUnseen([FIRST, SECOND]);
    renderWithApp(<BadgeCollectionDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'You earned 2 new badges!' });
    expect(dialog).toHaveTextContent('First Steps');
    expect(dialog).toHaveTextContent('Quiz Whiz');
    expect(await screen.findByTestId('confetti')).toHaveAttribute('data-pieces', '200');
    expect(sounds.playSound).toHaveBeenCalledTimes(1);
    expect(sounds.playSound).toHaveBeenCalledWith('achievement');
    expect(await axeViolations()).toEqual([]);
  });

  it('stays closed with no unseen badges', async () => {
    const state = serveUnseen([]);
    renderWithApp(<BadgeCollectionDialog />);
    await waitFor(() => expect(state.unseen).toEqual([]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
    expect(sounds.playSound).not.toHaveBeenCalled();
  });

  it('cannot be closed by Escape or the backdrop', async () => {
    serveUnseen([FIRST]);
    const { user } = renderWithApp(<BadgeCollectionDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'You earned a new badge!' });
    await user.keyboard('{Escape}');
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop!);
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('reads COLLECTING... while pending, then closes with the success message and clears the list', async () => {
    const state = serveUnseen([FIRST]);
    const { user, queryClient } = renderWithApp(<BadgeCollectionDialog />);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Collect' }));
    expect(await screen.findByRole('button', { name: 'COLLECTING...' })).toBeDisabled();
    expect(await screen.findByText('You have collected the badges.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.collected).toBe(1);
    expect(queryClient.getQueryData(['badges', 'unseen'])).toEqual([]);
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
  });

  it('stays open and only logs when collecting fails', async () => {
    serveUnseen([FIRST]);
    server.use(http.post('*/api/badges/mark-all-seen/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithApp(<BadgeCollectionDialog />);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Collect' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Error while collecting the badges.', expect.anything()), {
      timeout: 5_000,
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Collect' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('logs only "No authentication tokens available" and sends nothing when the tokens are gone', async () => {
    const state = serveUnseen([FIRST]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithApp(<BadgeCollectionDialog />);
    await screen.findByRole('dialog');
    localStorage.clear();
    const { tokenStore } = await import('@/lib/session');
    tokenStore.clear();
    await user.click(screen.getByRole('button', { name: 'Collect' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('No authentication tokens available'));
    expect(state.collected).toBe(0);
  });
});
