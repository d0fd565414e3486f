import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderPublicProfile, servePublicProfile } from '@test/features/public-profile/render.tsx';

describe('public profile page has no axe violations', () => {
  it('with every section shown', async () => {
    servePublicProfile();
    renderPublicProfile();
    await screen.findByRole('list', { name: 'Points and rank' });
    await screen.findByRole('list', { name: 'Badges, 1 earned' });
    await screen.findByRole('link', { name: 'Log Hunt' });
    await screen.findByRole('list', { name: 'Modules, 2 started' });
    await screen.findByRole('list', { name: 'Learning statistics' });
    expect(await axeViolations()).toEqual([]);
  });

  it('the private-or-missing page', async () => {
    servePublicProfile();
    renderPublicProfile('nobody');
    await screen.findByRole('heading', { level: 1, name: 'This profile is private or does not exist' });
    expect(await axeViolations()).toEqual([]);
  });
});
