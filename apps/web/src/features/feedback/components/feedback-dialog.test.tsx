import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { FeedbackDialog } from './feedback-dialog.tsx';

function renderDialog() {
  const onClose = vi.fn();
  const rendered = renderWithApp(<FeedbackDialog open onClose={onClose} />);
  return { ...rendered, onClose };
}

const send = () => screen.getByRole('button', { name: 'Send' });
const text = () => screen.getByRole('textbox', { name: /Your feedback/ });
const star = (n: number) => screen.getByRole('radio', { name: n === 1 ? '1 Star' : `${n} Stars` });
/** jsdom has no layout, so the pointer position Rating derives from a real mouse is meaningless: click the radio itself. */
const rate = (n: number) => fireEvent.click(star(n));

describe('FeedbackDialog', () => {
  beforeEach(() => signIn());

  it('starts at 0 stars with Send disabled, and needs both a rating and non-blank text', async () => {
    const { user } = renderDialog();
    expect(screen.getByRole('radio', { name: 'Empty' })).toBeChecked();
    expect(send()).toBeDisabled();

    await user.type(text(), 'Great labs');
    expect(send()).toBeDisabled();

    rate(4);
    expect(send()).toBeEnabled();

    await user.clear(text());
    await user.type(text(), '    ');
    expect(send()).toBeDisabled();
  });

  it("shows 'Please enter your feedback.' only once a rating is chosen and the text is blank", async () => {
    const { user } = renderDialog();
    expect(screen.queryByText('Please enter your feedback.')).not.toBeInTheDocument();
    rate(3);
    expect(screen.getByText('Please enter your feedback.')).toBeInTheDocument();
    await user.type(text(), 'The hints are spot on');
    expect(screen.queryByText('Please enter your feedback.')).not.toBeInTheDocument();
  });

  it('sends {content, rating}, thanks the learner and resets', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/feedback/create/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ detail: 'Thank you for your feedback!' }, { status: 201 });
      }),
    );
    const { user, onClose } = renderDialog();
    rate(5);
    await user.type(text(), '  Loved the SSH module  ');
    await user.click(send());

    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(body).toEqual({ content: 'Loved the SSH module', rating: 5 });
    expect(onClose).toHaveBeenCalled();
    expect(text()).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Empty' })).toBeChecked();
    expect(send()).toBeDisabled();
  });

  it('shows the server detail on 429', async () => {
    server.use(
      http.post('*/api/feedback/create/', () =>
        HttpResponse.json({ detail: 'Slow down: one message a minute.' }, { status: 429 }),
      ),
    );
    const { user } = renderDialog();
    rate(2);
    await user.type(text(), 'Again');
    await user.click(send());
    expect(await screen.findByText('Slow down: one message a minute.')).toBeInTheDocument();
  });

  it('falls back to the spec text on a 429 without detail', async () => {
    server.use(http.post('*/api/feedback/create/', () => new HttpResponse(null, { status: 429 })));
    const { user } = renderDialog();
    rate(2);
    await user.type(text(), 'Again');
    await user.click(send());
    expect(await screen.findByText('Please wait before submitting another feedback.')).toBeInTheDocument();
  });

  it('only logs other failures', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/api/feedback/create/', () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const { user, onClose } = renderDialog();
    rate(1);
    await user.type(text(), 'Hmm');
    await user.click(send());
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(text()).toHaveValue('Hmm');
    error.mockRestore();
  });

  it('Cancel resets the rating and the text', async () => {
    const { user, onClose } = renderDialog();
    rate(4);
    await user.type(text(), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(text()).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Empty' })).toBeChecked();
  });
});
