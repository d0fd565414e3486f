import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler, couponSummary, learnerRow, paged } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

const UPGRADE = couponSummary(2, { premium_days: 30, points: 0, max_uses: 5, users: ['ada'] });

function serve() {
  const created: unknown[] = [];
  const disabled: string[] = [];
  server.use(
    adminMeHandler(),
    http.get('*/api/admin/coupons/', () => HttpResponse.json(paged([couponSummary(1), UPGRADE]))),
    http.post('*/api/admin/coupons/', async ({ request }) => {
      const body = (await request.json()) as { code: string };
      created.push(body);
      if (body.code.toUpperCase() === 'X') {
        return HttpResponse.json(
          { detail: 'Cannot create the reward code: code: use 3 to 32 characters: letters, digits, - or _.' },
          { status: 400 },
        );
      }
      return HttpResponse.json(couponSummary(3, { code: body.code.toUpperCase() }), { status: 201 });
    }),
    http.post('*/api/admin/coupons/:id/disable/', ({ params }) => {
      disabled.push(String(params.id));
      return HttpResponse.json({ ...UPGRADE, disabled_at: '2026-11-27T10:00:00.000Z' });
    }),
    http.get('*/api/admin/coupons/:id/redemptions/', () =>
      HttpResponse.json([
        { user_id: learnerRow(1).id, username: 'learner1', points: 0, redeemed_at: '2026-11-26T10:00:00.000Z' },
      ]),
    ),
  );
  return { created, disabled };
}

describe('AdminCodesPage', () => {
  beforeEach(() => signIn('grace'));

  it('lists codes with what they give, their uses and rules', async () => {
    serve();
    renderRoutes('/admin/codes', adminRoutes);
    const table = await screen.findByRole('table', { name: 'Codes' });
    const upgrade = within(table).getByText('CODE-2').closest('tr')!;
    expect(upgrade).toHaveTextContent('30 days of Premium');
    expect(upgrade).toHaveTextContent('2 of 5');
    expect(upgrade).toHaveTextContent('only ada');
    expect(within(table).getByText('CODE-1').closest('tr')).toHaveTextContent('1 of unlimited');
    expect(await axeViolations()).toEqual([]);
  });

  it('creates an upgrade code with its rules, and shows what the server refuses', async () => {
    const { created } = serve();
    const { user } = renderRoutes('/admin/codes', adminRoutes);
    await user.click(await screen.findByRole('radio', { name: 'Upgrade code (Premium days)' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText(/code: use 3 to 32 characters/)).toBeInTheDocument();

    const code = screen.getByRole('textbox', { name: 'Code' });
    await user.clear(code);
    await user.type(code, 'spring-30');
    await user.type(screen.getByRole('textbox', { name: 'Uses in total' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Only for these learners' }), 'ada, bob');
    await user.click(screen.getByRole('checkbox', { name: 'Premium members only' }));
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Code SPRING-30 created.')).toBeInTheDocument();
    expect(created.at(-1)).toEqual({
      code: 'spring-30',
      premium_days: 30,
      max_uses: 100,
      premium_only: true,
      users: ['ada', 'bob'],
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue(''));
  });

  it('shows who redeemed a code, and disables one after asking', async () => {
    const { disabled } = serve();
    const { user } = renderRoutes('/admin/codes', adminRoutes);
    await user.click(await screen.findByRole('button', { name: 'Who redeemed CODE-2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Who redeemed CODE-2' });
    expect(await within(dialog).findByRole('link', { name: 'learner1' })).toHaveAttribute(
      'href',
      `/admin/learners/${learnerRow(1).id}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Disable CODE-2' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Disable CODE-2?' })).getByRole('button', { name: 'Disable' }),
    );
    expect(await screen.findByText('Code CODE-2 disabled.')).toBeInTheDocument();
    expect(disabled).toEqual([UPGRADE.id]);
  });
});
