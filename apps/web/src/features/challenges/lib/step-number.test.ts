import { describe, expect, it } from 'vitest';
import { stepNumber, stepNumberOrNull } from './step-number.ts';

describe('stepNumber', () => {
  it('keeps a numeric order', () => {
    expect(stepNumber(1)).toBe(1);
    expect(stepNumber(12)).toBe(12);
  });

  it("takes only N from 'Step N'", () => {
    expect(stepNumber('Step 3')).toBe(3);
    expect(stepNumber('step 10')).toBe(10);
    expect(stepNumber(' Step 2 ')).toBe(2);
    expect(stepNumber('4')).toBe(4);
  });

  it('refuses an order without a usable number', () => {
    expect(() => stepNumber('Step')).toThrow();
    expect(() => stepNumber('Step 0')).toThrow();
    expect(() => stepNumber(0)).toThrow();
    expect(() => stepNumber(1.5)).toThrow();
  });

  it('has a non-throwing form for display', () => {
    expect(stepNumberOrNull('Step 7')).toBe(7);
    expect(stepNumberOrNull('Intro')).toBeNull();
  });
});
