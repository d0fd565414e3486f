/**
 * A stand-in for the `<altcha-widget>` web component in jsdom (the real one needs Web Workers and WebCrypto).
 * Like the real widget it renders a required checkbox and, once solved, fires `statechange` with
 * `{state: 'verified', payload}` and `verified` with `{payload}`; every solution is a new payload.
 */
let solutions = 0;

export class AltchaWidgetDouble extends HTMLElement {
  connectedCallback(): void {
    const label = document.createElement('label');
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    checkbox.required = true;
    checkbox.addEventListener('change', () => {
      if (checkbox.checked) this.solve();
      else this.emit('unverified');
    });
    label.append(checkbox, "I'm not a robot");
    this.replaceChildren(label);
  }

  solve(): string {
    solutions += 1;
    const payload = `altcha-solution-${solutions}`;
    this.emit('verifying');
    this.emit('verified', payload);
    this.dispatchEvent(new CustomEvent('verified', { detail: { payload } }));
    return payload;
  }

  reset(): void {
    this.emit('unverified');
  }

  private emit(state: string, payload: string | null = null): void {
    this.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  }
}

export function defineAltchaDouble(): void {
  if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', AltchaWidgetDouble);
}
