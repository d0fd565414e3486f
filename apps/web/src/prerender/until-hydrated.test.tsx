import { act, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { disableUntilHydrated, HELD_CLICK, takeOver } from './until-hydrated.ts';

describe('controls of a server-rendered page', () => {
  it('are disabled until hydrated only when they are choices: a select, a checkbox, a radio button', () => {
    const html = disableUntilHydrated(
      '<form><input name="username"><input type="password"><textarea></textarea><select name="country"></select>' +
        '<input type="checkbox"><input type="radio" disabled=""><button type="submit">Go</button></form>',
    );
    expect(html).toBe(
      '<form><input name="username"><input type="password"><textarea></textarea>' +
        '<select disabled data-until-hydrated name="country"></select><input disabled data-until-hydrated type="checkbox">' +
        '<input type="radio" disabled=""><button type="submit">Go</button></form>',
    );
  });
});

type Values = { name: string; email: string; message: string };

/**
 * A form as the app writes one: controlled fields in one state, updated from the event when React renders, a
 * choice, a button; `seen` gets its state after each render. `hydrated` runs in an effect once hydrated, as
 * src/main.tsx runs `takeOver`.
 */
function Form({ seen, hydrated }: { seen: (Values & { clicks: number })[]; hydrated?: () => void }) {
  const [values, setValues] = useState<Values>({ name: '', email: '', message: '' });
  const [clicks, setClicks] = useState(0);
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
  useEffect(() => {
    seen.push({ ...values, clicks });
  });
  useEffect(() => hydrated?.(), [hydrated]);
  return (
    <form>
      <input name="name" value={values.name} onChange={set('name')} />
      <input name="email" type="email" value={values.email} onChange={set('email')} />
      <textarea name="message" value={values.message} onChange={set('message')} />
      <select name="country" defaultValue="">
        <option value="">Choose</option>
      </select>
      <button type="button" onClick={() => setClicks((count) => count + 1)}>
        Send
      </button>
    </form>
  );
}

describe('taking over a server-rendered page', () => {
  afterEach(() => {
    document.body.replaceChildren();
    delete document.documentElement.dataset.prerender;
  });

  it('keeps what was typed before hydration, enables the choices and repeats the click that was held', async () => {
    const seen: (Values & { clicks: number })[] = [];
    const container = document.createElement('div');
    container.innerHTML = disableUntilHydrated(renderToString(<Form seen={[]} />));
    document.body.append(container);
    document.documentElement.dataset.prerender = 'waiting';
    // The visitor types and clicks before the app has started (index.html's script holds the click).
    container.querySelector<HTMLInputElement>('[name="name"]')!.value = 'Ada';
    container.querySelector<HTMLInputElement>('[name="email"]')!.value = 'ada@example.com';
    container.querySelector('textarea')!.value = 'Hello';
    container.querySelector('button')!.setAttribute(HELD_CLICK, '');

    await act(async () => {
      hydrateRoot(container, <Form seen={seen} hydrated={() => takeOver(container)} />);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));

    expect(seen[0]).toEqual({ name: '', email: '', message: '', clicks: 0 });
    expect(seen.at(-1)).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Hello', clicks: 1 });
    expect(container.querySelector('input')!.value).toBe('Ada');
    expect(container.querySelector('select')!.disabled).toBe(false);
    expect(container.querySelector(`[${HELD_CLICK}], [data-until-hydrated]`)).toBeNull();
    expect(document.documentElement.dataset.prerender).toBeUndefined();
  });
});
