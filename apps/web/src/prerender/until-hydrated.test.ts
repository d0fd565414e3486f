import { describe, expect, it } from 'vitest';
import { disableUntilHydrated, enableHydratedControls } from './until-hydrated.ts';

describe('form controls of a prerendered page', () => {
  it('are disabled until the app has hydrated, and only those the page did not disable itself', () => {
    const html = disableUntilHydrated(
      '<form><input name="username"><textarea></textarea><button type="submit">Go</button><button disabled>Wait</button></form>',
    );
    expect(html).toBe(
      '<form><input disabled data-until-hydrated name="username"><textarea disabled data-until-hydrated></textarea>' +
        '<button disabled data-until-hydrated type="submit">Go</button><button disabled>Wait</button></form>',
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    enableHydratedControls(page);
    expect([...page.querySelectorAll('input, textarea, button')].map((c) => c.hasAttribute('disabled'))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(page.querySelector('[data-until-hydrated]')).toBeNull();
  });
});
