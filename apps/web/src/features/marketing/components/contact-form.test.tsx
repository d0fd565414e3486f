import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { ContactForm } from './contact-form.tsx';

const MESSAGE = {
  name: 'Grace',
  email: 'grace@example.com',
  subject: 'Team plan',
  message: 'Can a class of 30 use Bastion?',
};

async function fillAndSend(user: ReturnType<typeof renderWithApp>['user']) {
  for (const [label, value] of [
    [/Name/, MESSAGE.name],
    [/Email/, MESSAGE.email],
    [/Subject/, MESSAGE.subject],
    [/Message/, MESSAGE.message],
  ] as const) {
    await user.click(screen.getByRole('textbox', { name: label }));
    await user.paste(value);
  }
  await user.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('ContactForm', () => {
  it('posts {name, email, subject, message} without a token and confirms on 201', async () => {
    let body: unknown;
    let authorization: string | null = 'unset';
    server.use(
      http.post('*/api/contactus/', async ({ request }) => {
        body = await request.json();
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ detail: 'ok' }, { status: 201 });
      }),
    );
    const { user } = renderWithApp(<ContactForm />, '/contact');
    await fillAndSend(user);
    expect(
      await screen.findByText("Your message has been sent successfully! We'll get back to you soon."),
    ).toBeInTheDocument();
    expect(body).toEqual(MESSAGE);
    expect(authorization).toBeNull();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('');
  });

  it("shows the server's field messages", async () => {
    server.use(
      http.post('*/api/contactus/', () =>
        HttpResponse.json({ email: ['Enter a valid email address.'] }, { status: 400 }),
      ),
    );
    const { user } = renderWithApp(<ContactForm />, '/contact');
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to send your message\. Check the fields marked below\.$/,
    );
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue(MESSAGE.name);
  });

  it("shows every field's message under that field, the message field too", async () => {
    const blank = ['This field may not be blank.'];
    server.use(
      http.post('*/api/contactus/', () =>
        HttpResponse.json(
          { name: blank, email: ['Enter a valid email address.'], subject: blank, message: blank },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithApp(<ContactForm />, '/contact');
    await fillAndSend(user);
    await screen.findByRole('alert');
    for (const name of [/Name/, /Subject/, /Message/]) {
      expect(screen.getByRole('textbox', { name })).toHaveAccessibleDescription('This field may not be blank.');
    }
    expect(screen.getByRole('alert')).not.toHaveTextContent(/name:|message:|subject:|email:/);
  });

  it("shows 'Failed to send your message.' when the call fails without a message", async () => {
    server.use(http.post('*/api/contactus/', () => HttpResponse.error()));
    const { user } = renderWithApp(<ContactForm />, '/contact');
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send your message.');
  });
});
