import { describe, expect, it } from 'vitest';
import { BASE_PX, clearBottom, type Box } from './snackbar-placement.ts';

const VIEWPORT = 800;
/** A message 48 px high across the middle of a 375 px screen. */
const MESSAGE = { left: 8, right: 367, height: 48 };
const control = (top: number, height = 40, left = 16, right = 200): Box => ({ left, right, top, bottom: top + height });

describe('clearBottom: a bottom-centre message that covers no control', () => {
  it('sits at the bottom when nothing is there', () => {
    expect(clearBottom(MESSAGE, VIEWPORT, [])).toBe(BASE_PX);
    expect(clearBottom(MESSAGE, VIEWPORT, [control(100)])).toBe(BASE_PX);
  });

  it('moves above a Submit button at the bottom of the screen', () => {
    const submit = control(740);
    const bottom = clearBottom(MESSAGE, VIEWPORT, [submit])!;
    expect(VIEWPORT - bottom).toBeLessThanOrEqual(submit.top);
    expect(bottom).toBe(VIEWPORT - 740 + 8);
  });

  it('moves above a stack of controls (a field above its button), leaving the ones beside its lane', () => {
    const field = control(640, 56);
    const button = control(720);
    const aside = control(740, 40, 380, 500);
    const bottom = clearBottom(MESSAGE, VIEWPORT, [field, button, aside])!;
    const lowEdge = VIEWPORT - bottom;
    expect(lowEdge).toBeLessThanOrEqual(field.top);
    expect(lowEdge - MESSAGE.height).toBeGreaterThan(0);
  });

  it('goes to the top (null) when the lower part of the screen is all controls', () => {
    const form = Array.from({ length: 10 }, (_, index) => control(300 + index * 50, 44));
    expect(clearBottom(MESSAGE, VIEWPORT, form)).toBeNull();
  });

  it('ignores controls scrolled out of view above', () => {
    expect(clearBottom(MESSAGE, VIEWPORT, [control(-200)])).toBe(BASE_PX);
  });
});
