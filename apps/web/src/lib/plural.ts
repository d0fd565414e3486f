const numbers = new Intl.NumberFormat('en');
const pluralRules = new Intl.PluralRules('en');

/** "1,250". */
export const formatNumber = (value: number): string => numbers.format(value);

/** "1 module", "2 modules", "1,250 points": the count, and the noun the language's plural rules choose. */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${formatNumber(count)} ${pluralRules.select(count) === 'one' ? one : other}`;
}
