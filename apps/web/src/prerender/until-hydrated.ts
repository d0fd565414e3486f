/**
 * A server-rendered page is usable before the app has hydrated it (index.html's first script starts the app at
 * the visitor's first interaction): links are links and text fields take typing. What needs the app waits:
 * - a select, checkbox or radio button is disabled until then (`disableUntilHydrated`, at render time);
 * - a click on a button is held by index.html's script (the button is marked `data-held-click`).
 * Once hydrated, `takeOver` hands all of it to the app. React leaves attributes the server set alone.
 */
export const UNTIL_HYDRATED = 'data-until-hydrated';
export const HELD_CLICK = 'data-held-click';

const CHOICE_CONTROL = /<(select|input)\b[^>]*>/g;

export function disableUntilHydrated(html: string): string {
  return html.replace(CHOICE_CONTROL, (tag, name: string) => {
    if (/\sdisabled[\s=>]/.test(tag)) return tag;
    if (name === 'input' && !/\stype="(checkbox|radio)"/.test(tag)) return tag;
    return tag.replace(`<${name}`, `<${name} disabled ${UNTIL_HYDRATED}`);
  });
}

const TEXT_FIELD = [
  'textarea',
  ...['text', 'email', 'password', 'search', 'tel', 'url', 'number'].map((type) => `input[type="${type}"]`),
  'input:not([type])',
].join(', ');

/**
 * Text typed before hydration is on the page but not in the app's state, which overwrites it at its next render.
 * Hydration makes each field's default value the app's, so the fields that differ hold typed text.
 */
function typedValues(root: ParentNode): [HTMLInputElement | HTMLTextAreaElement, string][] {
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELD)]
    .filter((field) => !field.readOnly && field.value !== field.defaultValue)
    .map((field) => [field, field.value]);
}

/**
 * Reports each text as typed: the field is set to the app's value through the setter React tracks, then to the
 * text past it, so that React sees a change. A form re-rendered by an earlier field has put the text back to the
 * app's value: it is set again first.
 */
function reportTyped(typed: [HTMLInputElement | HTMLTextAreaElement, string][]): void {
  for (const [field, text] of typed) {
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Called by an effect once the app has hydrated the page in `root`. What the visitor did is read at once and
 * reported in the next task: an event dispatched while React runs effects is handled as part of that work, and
 * React puts a controlled field back to the value it last rendered before the state has changed.
 */
export function takeOver(root: HTMLElement): void {
  // index.html's script stops holding clicks: from here the app handles them.
  delete document.documentElement.dataset.prerender;
  for (const control of root.querySelectorAll(`[${UNTIL_HYDRATED}]`)) {
    control.removeAttribute('disabled');
    control.removeAttribute(UNTIL_HYDRATED);
  }
  const typed = typedValues(root);
  const active = document.activeElement;
  const held = root.querySelector<HTMLElement>(`[${HELD_CLICK}]`);
  held?.removeAttribute(HELD_CLICK);
  setTimeout(() => {
    reportTyped(typed);
    // The app saw no focus event for a field focused before hydration: it is told, so the field shows it.
    if (active instanceof HTMLElement && active !== document.body && root.contains(active)) {
      active.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }
    held?.click();
  });
}
