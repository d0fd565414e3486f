import { describe, expect, it } from 'vitest';
import { waitForMail } from '../support/mail.ts';
import { baseUrl, url } from '../support/server.ts';

describe('mail through SMTP', () => {
  it('delivers the sign-up verification link, which verifies the account', async () => {
    const stamp = Date.now().toString(36);
    const email = `mail-${stamp}@example.com`;
    const signup = await fetch(url('/api/users/signup/'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `mail_${stamp}`,
        password1: 'a-long-and-unusual-passphrase',
        password2: 'a-long-and-unusual-passphrase',
        first_name: 'Mail',
        last_name: 'Reader',
        email,
        country: 'GB',
      }),
    });
    expect(signup.status).toBe(201);

    const mail = await waitForMail(email);
    const link = mail.links.find((l) => l.startsWith(`${baseUrl()}/verify-email/`));
    expect(link, `verification link in: ${mail.links.join(', ')}`).toBeDefined();

    const [uidb64, token] = new URL(link!).pathname.split('/').slice(2);
    const verify = await fetch(url(`/api/users/verify-email/${uidb64}/${token}/`));
    expect(verify.status).toBe(200);
    // Opened again (a second click, a mail scanner): already verified, not "invalid".
    const again = await fetch(url(`/api/users/verify-email/${uidb64}/${token}/`));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ detail: 'Your email is already verified. You can log in.' });
  });
});
