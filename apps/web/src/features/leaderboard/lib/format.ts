import { plural } from '@/lib/plural.ts';

export const pointsText = (points: number): string => plural(points, 'point');
export const daysText = (days: number): string => plural(days, 'day');
