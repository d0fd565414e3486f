import { learnerActions } from '../features/learners/learner-actions.ts';
import { defineCommand, positiveInt, UsageError } from './command.ts';

const DEFAULT_COUNTRY = 'US';

async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trim();
}

export const userCommands = [
  defineCommand({
    name: 'user create',
    usage:
      'user create <username> --email E (--password P | --password-stdin) [--first-name F] [--last-name L] [--country CC] [--verified] [--staff]',
    summary: `create a user (country defaults to ${DEFAULT_COUNTRY}; unverified unless --verified)`,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      country: { type: 'string' },
      verified: { type: 'boolean' },
      staff: { type: 'boolean' },
    },
    positionals: 1,
    check({ values }) {
      if (typeof values.email !== 'string') throw new UsageError('--email is required');
      if (values['password-stdin'] && values.password !== undefined) {
        throw new UsageError('use either --password or --password-stdin');
      }
      if (!values['password-stdin'] && typeof values.password !== 'string') {
        throw new UsageError('--password or --password-stdin is required');
      }
    },
    async run({ positionals, values }, { db, actor }) {
      const password = values['password-stdin'] ? await readStdinLine() : (values.password as string);
      return learnerActions.create(db, actor, {
        username: positionals[0]!,
        email: values.email as string,
        password,
        firstName: (values['first-name'] as string | undefined) ?? '',
        lastName: (values['last-name'] as string | undefined) ?? '',
        country: (values.country as string | undefined) ?? DEFAULT_COUNTRY,
        verified: values.verified === true,
        staff: values.staff === true,
      });
    },
  }),
  defineCommand({
    name: 'user verify',
    usage: 'user verify <username>',
    summary: 'mark the email address as verified so the user can sign in',
    options: {},
    positionals: 1,
    run: ({ positionals }, { db, actor }) => learnerActions.verify(db, actor, positionals[0]!),
  }),
  defineCommand({
    name: 'user grant-premium',
    usage: 'user grant-premium <username> [--days N]',
    summary: 'grant premium for N days (from the end of a running period), or without end',
    options: { days: { type: 'string' } },
    positionals: 1,
    check: ({ values }) => void positiveInt(values.days, 'days', 1),
    run: ({ positionals, values }, { db, actor }) =>
      learnerActions.grantPremium(
        db,
        actor,
        positionals[0]!,
        values.days === undefined ? undefined : positiveInt(values.days, 'days', 1),
      ),
  }),
  defineCommand({
    name: 'user revoke-premium',
    usage: 'user revoke-premium <username>',
    summary: 'end premium now',
    options: {},
    positionals: 1,
    run: ({ positionals }, { db, actor }) => learnerActions.revokePremium(db, actor, positionals[0]!),
  }),
  defineCommand({
    name: 'user set-staff',
    usage: 'user set-staff <username> [--off]',
    summary: 'give (or with --off remove) staff status',
    options: { off: { type: 'boolean' } },
    positionals: 1,
    run: ({ positionals, values }, { db, actor }) =>
      learnerActions.setStaff(db, actor, positionals[0]!, values.off !== true),
  }),
  defineCommand({
    name: 'user set-owner',
    usage: 'user set-owner <username> [--off]',
    summary: 'make a staff account an owner (who may make staff and act on staff accounts), or with --off not',
    options: { off: { type: 'boolean' } },
    positionals: 1,
    run: ({ positionals, values }, { db, actor }) =>
      learnerActions.setOwner(db, actor, positionals[0]!, values.off !== true),
  }),
  defineCommand({
    name: 'user disable',
    usage: 'user disable <username>',
    summary: 'sign the user out on every device at once and refuse their sign-in until enabled again',
    options: {},
    positionals: 1,
    run: ({ positionals }, { db, actor }) => learnerActions.setActive(db, actor, positionals[0]!, false),
  }),
  defineCommand({
    name: 'user enable',
    usage: 'user enable <username>',
    summary: 'let a disabled user sign in again',
    options: {},
    positionals: 1,
    run: ({ positionals }, { db, actor }) => learnerActions.setActive(db, actor, positionals[0]!, true),
  }),
  defineCommand({
    name: 'user 2fa-reset',
    usage: 'user 2fa-reset <username>',
    summary: 'turn two-factor sign-in off, remove its recovery codes, sign out every session and mail the owner',
    options: {},
    positionals: 1,
    run: ({ positionals }, { db, config, actor }) =>
      learnerActions.resetTwoFactor(db, actor, positionals[0]!, {
        appUrl: config.appUrl,
        supportEmail: config.supportEmail,
      }),
  }),
];
