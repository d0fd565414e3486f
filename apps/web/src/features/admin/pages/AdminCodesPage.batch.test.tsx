import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler, couponSummary, paged } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

describe('AdminCodesPage: many codes at once', () => {
  beforeEach(() => signIn('grace'));

  it('makes single-use upgrade codes, says what the server refuses, and saves the codes as CSV', async () => {
    const asked: unknown[] = [];
    server.use(
      adminMeHandler(),
      http.get('*/api/admin/coupons/', () => HttpResponse.json(paged([]))),
      http.post('*/api/admin/coupons/batch/', async ({ request }) => {
        const body = (await request.json()) as { count: number };
        asked.push(body);
        if (body.count > 500) {
          return HttpResponse.json({ count: ['Enter a whole number of codes from 1 to 500.'] }, { status: 400 });
        }
        const codes = [1, 2].map((n) =>
          couponSummary(n, { code: `CLASS-ABCDEFGHJ${n}`, premium_days: 30, points: 0, max_uses: 1 }),
        );
        return HttpResponse.json({ count: 2, codes }, { status: 201 });
      }),
    );
    const { user } = renderRoutes('/admin/codes', adminRoutes);
    await user.click(await screen.findByRole('radio', { name: 'Many single-use codes' }));
    const count = screen.getByRole('textbox', { name: 'How many codes' });
    await user.clear(count);
    await user.type(count, '501');
    await user.click(screen.getByRole('button', { name: 'Create codes' }));
    expect(await screen.findByText('Enter a whole number of codes from 1 to 500.')).toBeInTheDocument();

    await user.clear(count);
    await user.type(count, '2');
    await user.type(screen.getByRole('textbox', { name: 'Prefix' }), 'class');
    await user.click(screen.getByRole('button', { name: 'Create codes' }));
    expect(await screen.findByText('2 codes created, from CLASS-ABCDEFGHJ1.')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ count: 2, prefix: 'class', premium_days: 30, premium_only: false });
    expect(await axeViolations()).toEqual([]);

    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Download as CSV' }));
    await waitFor(() => expect(saved).toEqual(['codes-class-2.csv']));
    expect(await (created.mock.calls[0]![0] as Blob).text()).toBe(
      'code,premium_days,points,required_points,expires_at\r\nCLASS-ABCDEFGHJ1,30,0,0,\r\nCLASS-ABCDEFGHJ2,30,0,0,\r\n',
    );
    click.mockRestore();
    created.mockRestore();
  });
});
