import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PublicLayout } from '@/components/layout/public-layout.tsx';
import { axeViolations } from '@test/axe.ts';
import { publicConfigHandler } from '@test/public-config.ts';
import { renderRoutes } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { HomePage } from './HomePage.tsx';

describe('HomePage', () => {
  it('has the four sections the top bar scrolls to, and no axe violations in the public layout', async () => {
    renderRoutes('/', [{ path: '/', Component: PublicLayout, children: [{ index: true, Component: HomePage }] }]);
    for (const [id, title] of [
      ['features', 'Everything you need to build real skills'],
      ['forum', 'Learn with others'],
      ['what-we-do', 'Security education that respects your time'],
      ['demos', 'See what learning on Bastion looks like'],
    ] as const) {
      expect(screen.getByRole('region', { name: title })).toHaveAttribute('id', id);
    }
    expect(screen.getByRole('link', { name: /Start learning free/ })).toHaveAttribute('href', '/register');
    // The copy names only the challenge categories the curriculum ships.
    expect(screen.getByText(/^Web, crypto, forensics, OSINT, Linux and network challenges/)).toBeInTheDocument();
    expect(screen.queryByText(/revers/i)).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('links the community buttons to the configured channels only, and to the contact form without any', async () => {
    const renderHome = () =>
      renderRoutes('/', [{ path: '/', Component: PublicLayout, children: [{ index: true, Component: HomePage }] }]);
    const { unmount } = renderHome();
    expect(await screen.findByRole('link', { name: 'Write to the team' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('link', { name: /Join on/ })).not.toBeInTheDocument();
    unmount();

    server.use(
      publicConfigHandler({
        community: { discord: 'https://discord.gg/bastion', telegram: null, x: null, instagram: null, linkedin: null },
      }),
    );
    renderHome();
    expect(await screen.findByRole('link', { name: 'Join on Discord' })).toHaveAttribute(
      'href',
      'https://discord.gg/bastion',
    );
    expect(screen.queryByRole('link', { name: 'Join on Telegram' })).not.toBeInTheDocument();
  });
});
