import { MESSAGES } from '@bastion/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@test/render.tsx';
import { server } from '@test/server.ts';
import { RegisterPage } from './RegisterPage.tsx';

function renderRegister() {
  return renderRoute({ path: '/register', element: <RegisterPage /> });
}

/** Clicks into a field and pastes: much quicker in jsdom than typing each key. */
async function fill(user: ReturnType<typeof renderRegister>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillForm(user: ReturnType<typeof renderRegister>['user']) {
  await fill(user, screen.getByLabelText(/^username/i), 'NewLearner');
  await fill(user, screen.getByLabelText(/first name/i), 'Ada');
  await fill(user, screen.getByLabelText(/last name/i), 'Lovelace');
  await fill(user, screen.getByLabelText(/^email/i), 'ada@example.com');
  await user.selectOptions(screen.getByLabelText(/country/i), 'GB');
  await fill(user, screen.getByLabelText(/^password/i), 'a long passphrase 42');
  await fill(user, screen.getByLabelText(/^confirm password/i), 'a long passphrase 42');
}

afterEach(() => vi.useRealTimers());

describe('RegisterPage', () => {
  it('sends the sign-up payload with a lowercased username, shows the success message and returns to /login after 5 s', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/users/signup/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: MESSAGES.registrationSuccess }, { status: 201 });
      }),
    );
    const { user, router } = renderRegister();
    await fillForm(user);
    // Fake time from the submit on: the redirect timer starts once the answer arrives.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Registration successful! Please verify your email.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        username: 'newlearner',
        password1: 'a long passphrase 42',
        password2: 'a long passphrase 42',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        country: 'GB',
      },
    ]);

    act(() => vi.advanceTimersByTime(4_700));
    expect(router.state.location.pathname).toBe('/register');
    act(() => vi.advanceTimersByTime(600));
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  it('shows the server field errors under their fields only, and a banner without field names', async () => {
    server.use(
      http.post('/api/users/signup/', () =>
        HttpResponse.json(
          { username: [MESSAGES.usernameTaken], password2: [MESSAGES.passwordMismatch] },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderRegister();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Registration failed\. Check the fields marked below\.$/);
    expect(alert).not.toHaveTextContent(MESSAGES.usernameTaken);
    expect(screen.getByLabelText(/^username/i)).toHaveAccessibleDescription(MESSAGES.usernameTaken);
    expect(screen.getByLabelText(/^username/i)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^confirm password/i)).toHaveAccessibleDescription(MESSAGES.passwordMismatch);
    expect(screen.getByLabelText(/first name/i)).toHaveAttribute('aria-invalid', 'false');
  });

  it('keeps in the banner only what belongs to no field', async () => {
    server.use(
      http.post('/api/users/signup/', () =>
        HttpResponse.json(
          { first_name: ['This field may not be blank.'], non_field_errors: ['Sign-up is closed for now.'] },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderRegister();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Sign-up is closed for now\.$/);
    expect(screen.getByLabelText(/first name/i)).toHaveAccessibleDescription('This field may not be blank.');
  });

  it("shows 'Registration failed.' when the answer has no message", async () => {
    server.use(http.post('/api/users/signup/', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderRegister();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Registration failed.');
  });

  it('lists countries by name from Intl.DisplayNames', () => {
    renderRegister();
    const select = screen.getByLabelText(/country/i);
    expect(screen.getByRole('option', { name: 'Germany' })).toHaveValue('DE');
    expect(select.querySelectorAll('option').length).toBeGreaterThan(240);
  });

  it('checks that the two passwords match before sending anything', async () => {
    let calls = 0;
    server.use(
      http.post('/api/users/signup/', () => {
        calls += 1;
        return HttpResponse.json({ detail: MESSAGES.registrationSuccess }, { status: 201 });
      }),
    );
    const { user } = renderRegister();
    await fillForm(user);
    await user.click(screen.getByLabelText(/^confirm password/i));
    await user.paste('x');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText(/^confirm password/i)).toHaveAccessibleDescription(MESSAGES.passwordMismatch);
    expect(calls).toBe(0);
    await user.click(screen.getByLabelText(/^confirm password/i));
    await user.keyboard('{End}{Backspace}');
    expect(screen.getByLabelText(/^confirm password/i)).not.toHaveAccessibleDescription(MESSAGES.passwordMismatch);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MESSAGES.registrationSuccess)).toBeInTheDocument();
    expect(calls).toBe(1);
  });
});
