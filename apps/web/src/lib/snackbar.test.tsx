import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider, useSnackbar, type SnackbarSeverity } from './snackbar.tsx';

let api: ReturnType<typeof useSnackbar> | null = null;
function Probe() {
  const snackbar = useSnackbar();
  useEffect(() => {
    api = snackbar;
  }, [snackbar]);
  return null;
}

function show(message: string, severity?: SnackbarSeverity) {
  act(() => api!.show(message, severity));
}

describe('snackbar (R9 display)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <SnackbarProvider>
        <Probe />
      </SnackbarProvider>,
    );
  });
  afterEach(() => vi.useRealTimers());

  it('shows a message with severity info by default, bottom-centre', () => {
    show('Saved your settings.');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Saved your settings.');
    expect(alert.className).toMatch(/colorInfo|filledInfo/);
    const snackbar = alert.closest('.MuiSnackbar-root');
    expect(snackbar?.className).toMatch(/anchorOriginBottomCenter/);
  });

  it.each(['success', 'error', 'warning', 'info'] as const)('shows the %s level', (severity) => {
    show('A message', severity);
    expect(screen.getByRole('alert').className).toContain(
      `MuiAlert-color${severity[0]!.toUpperCase()}${severity.slice(1)}`,
    );
  });

  it('hides after 4 s', () => {
    show('Lesson completed successfully.', 'success');
    act(() => vi.advanceTimersByTime(3_900));
    expect(screen.getByText('Lesson completed successfully.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    // The exit transition runs once the 4 s are over.
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('Lesson completed successfully.')).not.toBeInTheDocument();
  });

  it('a new message replaces the current one and restarts the 4 s', () => {
    show('First');
    act(() => vi.advanceTimersByTime(3_000));
    show('First');
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByText('First')).toBeInTheDocument();
    show('Second', 'error');
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Second');
  });

  it('shows a message that comes as the one before hides itself', () => {
    show('Key copied to the clipboard.');
    act(() => vi.advanceTimersByTime(3_900));
    // The new message's render is still to come when the last one's 4 s run out.
    act(() => {
      api!.show('Two-factor sign-in is on.', 'success');
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Two-factor sign-in is on.');
    act(() => vi.advanceTimersByTime(3_900));
    expect(screen.getByRole('alert')).toHaveTextContent('Two-factor sign-in is on.');
  });
});
