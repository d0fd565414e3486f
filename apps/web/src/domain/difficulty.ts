import type { Difficulty } from '@bastion/contract';

export const DIFFICULTY_LABELS: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };
export const DIFFICULTY_COLOURS = { easy: 'success', medium: 'warning', hard: 'error' } as const;
