import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { publicConfigHandler } from '@test/public-config.ts';
import { server } from '@test/server.ts';
import { PublicLayout } from './public-layout.tsx';

function renderLayout() {
  return renderRoutes('/', [{ path: '/', Component: PublicLayout, children: [{ index: true, element: <p>page</p> }] }]);
}

describe('PublicLayout', () => {
  it('has the spec top bar: four home sections, Contact, Pricing, Login, Register and the theme toggle', () => {
    renderLayout();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/#features');
    expect(within(nav).getByRole('link', { name: 'Forum' })).toHaveAttribute('href', '/#forum');
    expect(within(nav).getByRole('link', { name: 'What We Do' })).toHaveAttribute('href', '/#what-we-do');
    expect(within(nav).getByRole('link', { name: 'Demos' })).toHaveAttribute('href', '/#demos');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(bar).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(within(bar).getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Bastion home' })).toHaveAttribute('href', '/');
  });

  it('offers the dashboard instead of Login and Register to a signed-in user', () => {
    signIn();
    renderLayout();
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(bar).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Bastion home' })).toHaveAttribute('href', '/dashboard');
  });

  it('has the spec footer: version, six links, and the social links the operator configured', async () => {
    server.use(
      publicConfigHandler({
        community: {
          x: 'https://x.com/bastion_hq',
          instagram: 'https://www.instagram.com/bastion_hq',
          linkedin: 'https://www.linkedin.com/company/bastion-hq',
          telegram: 'https://t.me/bastion_hq',
          discord: 'https://discord.gg/bastion',
        },
      }),
    );
    renderLayout();
    expect(await screen.findByRole('link', { name: 'Bastion on Discord' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('v1.0.0')).toBeInTheDocument();
    const links = within(within(footer).getByRole('navigation', { name: 'Footer' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'About',
      'Telegram',
      'Contact',
      'Privacy Policy',
      'Terms of Service',
    ]);
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      'mailto:support@bastion.test',
    );
    expect(within(footer).getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/bastion_hq');
    for (const network of ['X', 'Instagram', 'LinkedIn', 'Telegram', 'Discord']) {
      const link = within(footer).getByRole('link', { name: `Bastion on ${network}` });
      expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\/.+\/.+/));
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
  });

  it('hides the social links that are not configured, and offers to share the site on Telegram instead', async () => {
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    const telegram = await within(footer).findByRole('link', { name: 'Share Bastion on Telegram' });
    expect(telegram).toHaveTextContent('Telegram');
    // The site's own address (APP_URL), which a page the server rendered carries before any script.
    await waitFor(() =>
      expect(new URL(telegram.getAttribute('href')!).searchParams.get('url')).toBe('https://bastion.test'),
    );
    for (const network of ['X', 'Instagram', 'LinkedIn', 'Telegram', 'Discord']) {
      expect(within(footer).queryByRole('link', { name: `Bastion on ${network}` })).not.toBeInTheDocument();
    }
    for (const link of within(footer).getAllByRole('link')) {
      expect(link.getAttribute('href')).not.toMatch(/^https:\/\/(x\.com|discord\.com|t\.me|www\.\w+\.com)\/$/);
    }
  });

  it('opens the same links in a menu on narrow screens', async () => {
    const { user } = renderLayout();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('presentation');
    for (const name of ['Features', 'Forum', 'What We Do', 'Demos', 'Contact', 'Pricing', 'Register', 'Login']) {
      expect(within(drawer).getByRole('link', { name })).toBeInTheDocument();
    }
  });
});
