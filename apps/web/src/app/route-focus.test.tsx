import { screen, waitFor } from '@testing-library/react';
import { useEffect, useRef, type ComponentType } from 'react';
import { Link, Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@test/render-app.tsx';
import { RootLayout } from './root-layout.tsx';

function Shell() {
  return (
    <>
      <nav>
        <Link to="/">Home</Link>
        <Link to="/courses">Courses</Link>
        <Link to="/settings">Settings</Link>
        <Link to="/slow">Slow</Link>
        <Link to="/#features">Features</Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

/** A page that focuses a heading of its own, as ArrivalHeading does. */
function SettingsPage() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <>
      <h1>Settings</h1>
      <h2 ref={ref} tabIndex={-1}>
        Two-factor sign-in
      </h2>
    </>
  );
}

function routes(slow: () => Promise<{ Component: ComponentType }>): RouteObject[] {
  return [
    {
      Component: RootLayout,
      children: [
        {
          Component: Shell,
          children: [
            { path: '/', element: <h1>Home page</h1> },
            { path: '/courses', element: <h1>Courses</h1> },
            { path: '/settings', Component: SettingsPage },
            { path: '/slow', lazy: slow },
          ],
        },
      ],
    },
  ];
}

describe('RouteFocus', () => {
  it('moves focus from the nav link to the new page heading, but not on the first load', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { user } = renderRoutes(
      '/',
      routes(() => new Promise(() => {})),
    );
    await new Promise((done) => requestAnimationFrame(done));
    expect(document.body).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Courses' }));
    const heading = await screen.findByRole('heading', { name: 'Courses', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('waits for a page whose code is still loading', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    let resolve!: (value: { Component: ComponentType }) => void;
    const { user } = renderRoutes(
      '/',
      routes(() => new Promise((done) => (resolve = done))),
    );
    await user.click(screen.getByRole('link', { name: 'Slow' }));
    await new Promise((done) => setTimeout(done, 100));
    resolve({ Component: () => <h1>Slow page</h1> });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Slow page' })).toHaveFocus());
  });

  it('leaves focus where a page put it itself', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { user } = renderRoutes(
      '/',
      routes(() => new Promise(() => {})),
    );
    await user.click(screen.getByRole('link', { name: 'Settings' }));
    const own = await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    await new Promise((done) => setTimeout(done, 100));
    expect(own).toHaveFocus();
  });
});
