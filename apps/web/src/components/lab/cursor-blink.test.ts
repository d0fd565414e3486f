import { Terminal } from '@xterm/xterm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '@test/match-media.ts';
import { blinkWhileActive, cursorBlinkIdleMs } from './cursor-blink.ts';

describe('the lab terminal’s cursor', () => {
  let term: Terminal;
  beforeEach(() => {
    vi.useFakeTimers();
    // xterm asks for the pixel ratio.
    stubMatchMedia();
    term = new Terminal({ cursorBlink: false });
    term.open(document.createElement('div'));
  });
  afterEach(() => {
    term.dispose();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('blinks from the start, and stays lit once nothing has happened for the idle time', () => {
    const blink = blinkWhileActive(term);
    expect(term.options.cursorBlink).toBe(true);
    vi.advanceTimersByTime(cursorBlinkIdleMs - 1);
    expect(term.options.cursorBlink).toBe(true);
    vi.advanceTimersByTime(1);
    expect(term.options.cursorBlink).toBe(false);
    blink.dispose();
  });

  it('blinks again at a keystroke, at output and when the terminal is focused, each for the whole idle time', async () => {
    const blink = blinkWhileActive(term);
    vi.advanceTimersByTime(cursorBlinkIdleMs);

    term.input('l');
    expect(term.options.cursorBlink).toBe(true);
    vi.advanceTimersByTime(cursorBlinkIdleMs);
    expect(term.options.cursorBlink).toBe(false);

    await new Promise<void>((resolve) => {
      term.write('student@lab:~$ ', resolve);
      vi.advanceTimersByTime(0);
    });
    expect(term.options.cursorBlink).toBe(true);
    vi.advanceTimersByTime(cursorBlinkIdleMs / 2);
    term.input('s');
    vi.advanceTimersByTime(cursorBlinkIdleMs / 2);
    expect(term.options.cursorBlink, 'the keystroke restarted the idle time').toBe(true);
    vi.advanceTimersByTime(cursorBlinkIdleMs / 2);
    expect(term.options.cursorBlink).toBe(false);

    term.textarea!.dispatchEvent(new FocusEvent('focus'));
    expect(term.options.cursorBlink).toBe(true);
    blink.dispose();
  });

  it('leaves the cursor alone once disposed', () => {
    blinkWhileActive(term).dispose();
    vi.advanceTimersByTime(cursorBlinkIdleMs);
    expect(term.options.cursorBlink).toBe(true);
    term.input('x');
    term.options.cursorBlink = false;
    term.textarea!.dispatchEvent(new FocusEvent('focus'));
    expect(term.options.cursorBlink).toBe(false);
  });
});
