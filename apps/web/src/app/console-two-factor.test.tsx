import { ADMIN_MESSAGES } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { serveProfile } from '@test/features/account-settings/render.tsx';
import { GOOD_CODE, PASSWORD, serveTwoFactor } from '@test/features/account-settings/security-server.ts';
import { adminMeHandler } from '@test/features/admin/fixtures.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { shellHandlers } from '@test/shell-handlers.ts';
import { routes } from './routes.tsx';

describe('a staff account without two-factor sign-in opening the console', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    signIn('grace');
    server.use(...shellHandlers({ is_staff: true }), adminMeHandler('no-two-factor'));
    serveProfile();
  });

  it('stays on the console, which says why and what to do', async () => {
    const { router } = renderRoutes('/admin/overview', routes);
    expect(
      await screen.findByRole('heading', { level: 1, name: ADMIN_MESSAGES.twoFactorRequired }),
    ).toBeInTheDocument();
    expect(screen.getByText(/opens only to staff who sign in with a code from an authenticator app/)).toBeVisible();
    expect(screen.getByText(/under Two-factor sign-in, choose Turn on/)).toBeVisible();
    const turnOn = screen.getByRole('link', { name: 'Turn on two-factor sign-in' });
    expect(turnOn).toHaveAttribute('href', '/edit-profile?for=console#security');
    // The refusal's code is the one that sends other screens to Edit profile: the console keeps its user.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(router.state.location.pathname).toBe('/admin/overview');
    expect(await axeViolations()).toEqual([]);
  });

  it('is told on Edit profile that the console needs it, and led back once it is on', async () => {
    serveTwoFactor();
    const { user, router } = renderRoutes('/admin', routes);
    await user.click(await screen.findByRole('link', { name: 'Turn on two-factor sign-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-profile'));
    expect(await screen.findByText('The operator console needs two-factor sign-in', undefined)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the console' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await user.type(within(dialog).getByLabelText(/^Password/), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Authentication code' }), GOOD_CODE);
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('link', { name: 'Open the console' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByText('The operator console needs two-factor sign-in')).not.toBeInTheDocument();
  });

  it('sees no word of the console on Edit profile opened any other way', async () => {
    serveTwoFactor();
    renderRoutes('/edit-profile', routes);
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByText('The operator console needs two-factor sign-in')).not.toBeInTheDocument();
  });
});
