import { describe, expect, it } from 'vitest';
import { describeState } from './audit-labels.ts';

describe('describeState', () => {
  it('shows a short list whole, and a long one by its first items and how many more', () => {
    expect(describeState({ users: ['ada', 'bob'], until: null })).toBe('users: ada, bob, until: —');
    const codes = Array.from({ length: 25 }, (_, index) => `CLASS-${index}`);
    expect(describeState({ count: 25, codes })).toBe('count: 25, codes: CLASS-0, CLASS-1, CLASS-2 and 22 more');
    expect(describeState(null)).toBe('—');
  });

  it("shows a nested object (an export's filters) by its fields, not as [object Object]", () => {
    expect(describeState({ filters: { role: 'everyone', state: 'disabled' }, rows: 3 })).toBe(
      'filters: (role: everyone, state: disabled), rows: 3',
    );
    expect(describeState({ filters: {}, rows: 0 })).toBe('filters: (none), rows: 0');
  });
});
