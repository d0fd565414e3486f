import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Link, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { renderRoutes } from '@test/render-app.tsx';
import { RootLayout } from './root-layout.tsx';

function deferredPage() {
  let resolve!: (value: { Component: ComponentType }) => void;
  const promise = new Promise<{ Component: ComponentType }>((done) => (resolve = done));
  return { lazy: () => promise, resolve };
}

describe('RootLayout', () => {
  it('shows the full-screen spinner while the first page loads, then the page', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const page = deferredPage();
    const routes: RouteObject[] = [
      {
        path: '/',
        Component: RootLayout,
        HydrateFallback: FullScreenLoader,
        children: [{ index: true, lazy: page.lazy }],
      },
    ];
    renderRoutes('/', routes);
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    page.resolve({ Component: () => <h1>Home</h1> });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the spinner when the next page takes a while to load', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const next = deferredPage();
    const routes: RouteObject[] = [
      {
        path: '/',
        Component: RootLayout,
        children: [
          { index: true, element: <Link to="/next">Next</Link> },
          { path: 'next', lazy: next.lazy },
        ],
      },
    ];
    const { user } = renderRoutes('/', routes);
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    next.resolve({ Component: () => <h1>Next page</h1> });
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
