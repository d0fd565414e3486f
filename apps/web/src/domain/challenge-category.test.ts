import { describe, expect, it } from 'vitest';
import { categoryLabel } from './challenge-category.ts';

describe('categoryLabel', () => {
  it('names known categories by their labels and the others from their keys', () => {
    expect(categoryLabel('reverse')).toBe('Reverse engineering');
    expect(categoryLabel('osint')).toBe('OSINT');
    expect(categoryLabel('misc')).toBe('Misc');
    expect(categoryLabel('smart-contracts')).toBe('Smart contracts');
  });
});
