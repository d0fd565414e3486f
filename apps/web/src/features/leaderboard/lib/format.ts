const numbers = new Intl.NumberFormat('en');

/** "12,345": points and ranks with thousands separators. */
export const formatNumber = (value: number): string => numbers.format(value);

export const pointsText = (points: number): string => `${formatNumber(points)} ${points === 1 ? 'point' : 'points'}`;

export const daysText = (days: number): string => `${formatNumber(days)} ${days === 1 ? 'day' : 'days'}`;
