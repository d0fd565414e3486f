import { MESSAGES } from '@bastion/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@test/render.tsx';
import { server } from '@test/server.ts';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';

describe('ForgotPasswordPage', () => {
  it('posts the email and shows the generic answer', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/users/password-reset/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: MESSAGES.resetGeneric });
      }),
    );
    const { user } = renderRoute({ path: '/forgot-password', element: <ForgotPasswordPage /> });
    await user.click(screen.getByLabelText(/^email/i));
    await user.paste(' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.resetGeneric)).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'ada@example.com' }]);
  });
});
