import type { IDisposable, Terminal } from '@xterm/xterm';

/**
 * How long the cursor blinks after the last keystroke, output or focus; then it stays lit, as in GTK's terminals
 * (whose cursor-blink-timeout is 10 s). xterm.js blinks with a CSS animation, and Chromium draws the page at every
 * frame while one runs: a lab left at its prompt took 0.18 of a core blinking, 0.10 lit (decision 0182).
 */
export const cursorBlinkIdleMs = 10_000;

type BlinkingTerminal = Pick<Terminal, 'options' | 'onData' | 'onWriteParsed' | 'textarea'>;

/** Blinks the cursor while the learner types or the lab prints, and stops after `idleMs` of neither. */
export function blinkWhileActive(term: BlinkingTerminal, idleMs = cursorBlinkIdleMs): IDisposable {
  let idle: ReturnType<typeof setTimeout> | undefined;
  const setBlink = (blink: boolean) => {
    if (term.options.cursorBlink !== blink) term.options.cursorBlink = blink;
  };
  const wake = () => {
    clearTimeout(idle);
    setBlink(true);
    idle = setTimeout(() => setBlink(false), idleMs);
  };
  wake();
  const typed = term.onData(wake);
  const printed = term.onWriteParsed(wake);
  const textarea = term.textarea;
  textarea?.addEventListener('focus', wake);
  return {
    dispose() {
      clearTimeout(idle);
      typed.dispose();
      printed.dispose();
      textarea?.removeEventListener('focus', wake);
    },
  };
}
