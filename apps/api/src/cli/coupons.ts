import { couponActions, listCoupons } from '../features/coupons/coupons.operator.ts';
import { defineCommand, positiveInt, UsageError, type CommandInput } from './command.ts';

/** A whole number option of at least `min`; undefined when absent. */
function wholeNumber(value: CommandInput['values'][string], name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`--${name} must be a whole number of at least ${min}`);
  }
  return n;
}

/** `--user` may be given several times; parseArgs then hands over an array. */
function usernames(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

export const couponCommands = [
  defineCommand({
    name: 'coupon create',
    usage:
      'coupon create --code C (--points N | --premium-days N [--points N]) [--required-points N] [--expires ISO] [--max-uses N] [--premium-only] [--user <username> …]',
    summary:
      'create a reward code (stored upper-case); --premium-days makes an upgrade code granting that many days of Premium; --expires takes 2026-12-31 (end of that day, UTC) or a time with zone; --user (repeatable) limits it to those learners',
    options: {
      code: { type: 'string' },
      points: { type: 'string' },
      'premium-days': { type: 'string' },
      'required-points': { type: 'string' },
      expires: { type: 'string' },
      'max-uses': { type: 'string' },
      'premium-only': { type: 'boolean' },
      user: { type: 'string', multiple: true },
    },
    positionals: 0,
    check({ values }) {
      if (typeof values.code !== 'string') throw new UsageError('--code is required');
      const upgrade = values['premium-days'] !== undefined;
      if (values.points === undefined && !upgrade) throw new UsageError('--points or --premium-days is required');
      wholeNumber(values['premium-days'], 'premium-days', 1);
      wholeNumber(values.points, 'points', upgrade ? 0 : 1);
      wholeNumber(values['required-points'], 'required-points', 0);
      wholeNumber(values['max-uses'], 'max-uses', 1);
    },
    run: ({ values }, { db, actor }) =>
      couponActions.create(
        db,
        actor,
        {
          code: values.code as string,
          points: wholeNumber(values.points, 'points', 0) ?? 0,
          premiumDays: wholeNumber(values['premium-days'], 'premium-days', 1),
          requiredPoints: wholeNumber(values['required-points'], 'required-points', 0),
          expires: values.expires as string | undefined,
          maxUses: wholeNumber(values['max-uses'], 'max-uses', 1),
          premiumOnly: values['premium-only'] === true,
          usernames: usernames(values.user),
        },
        new Date(),
      ),
  }),
  defineCommand({
    name: 'coupon list',
    usage: 'coupon list [--limit N]',
    summary: 'reward codes, newest first (default 100), with their uses',
    options: { limit: { type: 'string' } },
    positionals: 0,
    check: ({ values }) => void positiveInt(values.limit, 'limit', 100),
    run: ({ values }, { db }) => listCoupons(db, { limit: positiveInt(values.limit, 'limit', 100) }),
  }),
  defineCommand({
    name: 'coupon disable',
    usage: 'coupon disable <code>',
    summary: 'stop a reward code from being redeemed (learners then get "not found")',
    options: {},
    positionals: 1,
    run: ({ positionals }, { db, actor }) => couponActions.disable(db, actor, positionals[0]!, new Date()),
  }),
];
