import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_PROFILE_SETTINGS, type LearnerRow } from '@bastion/contract';
import { auditLog, twoFactor, users } from '@bastion/db';
import { expectCsvDownload, latestAudit } from '../../../test/csv-export.ts';
import { createUser } from '../../../test/fixtures.ts';
import { consoleTest } from '../../../test/staff.ts';
import { LEARNERS_CSV_COLUMNS } from './learners-export.ts';

const test = consoleTest();
const DAY = 86_400_000;

/** One account in each state, their usernames sharing a tag the search finds. */
async function accounts() {
  const tag = `st${Date.now().toString(36)}`;
  const make = (name: string, values: Parameters<typeof createUser>[1] = {}) =>
    createUser(test.ctx.db, { username: `${tag}_${name}`, ...values });
  const now = Date.now();
  const made = {
    plain: await make('plain'),
    disabled: await make('disabled', { isActive: false }),
    premium: await make('premium', { isPremium: true, premiumUntil: new Date(now + 30 * DAY), firstName: '=cmd' }),
    lapsed: await make('lapsed', { isPremium: true, premiumUntil: new Date(now - DAY) }),
    unverified: await make('unverified', { isVerified: false }),
    twofactor: await make('twofactor'),
    enrolling: await make('enrolling'),
    staff: await make('staff', { isStaff: true, isVerified: false }),
  };
  await test.ctx.db.insert(twoFactor).values([
    { userId: made.twofactor.id, secret: 'sealed', enabledAt: new Date() },
    { userId: made.enrolling.id, secret: 'sealed', enabledAt: null },
  ]);
  return { tag, made };
}

const names = (rows: { username: string }[], tag: string) =>
  rows.map((row) => row.username.slice(tag.length + 1)).sort();

describe('the console: learners by state', () => {
  it('filters the list by disabled, Premium (running), unverified and two-factor, and staff by role', async () => {
    const { tag } = await accounts();
    const list = async (query: string) => {
      const response = await test.call('GET', `/api/admin/learners/?search=${tag}&${query}`);
      expect(response.statusCode).toBe(200);
      return names(response.json().results as LearnerRow[], tag);
    };
    expect(await list('state=disabled')).toEqual(['disabled']);
    expect(await list('state=premium')).toEqual(['premium']);
    expect(await list('state=unverified')).toEqual(['unverified']);
    expect(await list('state=two_factor')).toEqual(['twofactor']);
    expect(await list('role=staff')).toEqual(['staff']);
    expect(await list('role=everyone&state=unverified')).toEqual(['staff', 'unverified']);
    expect(await list('')).toHaveLength(7);

    const bad = await test.call('GET', `/api/admin/learners/?state=banned`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ state: ['Choose one of the listed states.'] });
  });

  it('exports the filtered list as CSV, newest first, and audits the export with the filter and the rows', async () => {
    const { tag, made } = await accounts();
    const response = await test.call('GET', `/api/admin/learners/export/?search=${tag}&role=everyone&state=premium`);
    expectCsvDownload(response, 'learners');
    const [header, ...lines] = response.body.trimEnd().split('\r\n');
    expect(header).toBe(LEARNERS_CSV_COLUMNS.join(','));
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${made.premium.id},${tag}_premium,${made.premium.email},'=cmd,Lovelace,[^,]+,,0,yes,yes,no,yes,[^,]+,no$`,
        ),
      ),
    ]);
    expect(await latestAudit(test.ctx.db, 'learners.export')).toMatchObject({
      actorId: test.staff.id,
      via: 'console',
      targetType: 'users',
      after: { filters: { search: tag, role: 'everyone', state: 'premium' }, rows: 1 },
    });

    const all = await test.call('GET', `/api/admin/learners/export/?search=${tag}&role=everyone`);
    const rows = all.body.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(8);
    const twoFactorOf = (name: string) =>
      rows
        .find((row) => row.includes(`,${tag}_${name},`))!
        .split(',')
        .at(-1);
    expect([twoFactorOf('twofactor'), twoFactorOf('enrolling')]).toEqual(['yes', 'no']);
    expect((await latestAudit(test.ctx.db, 'learners.export'))!.after).toEqual({
      filters: { search: tag, role: 'everyone' },
      rows: 8,
    });
  });

  it('exports more accounts than one batch reads, each once, newest first', async () => {
    const tag = `many${Date.now().toString(36)}`;
    const joined = Date.parse('2026-01-01T00:00:00Z');
    await test.ctx.db.insert(users).values(
      Array.from({ length: 1203 }, (_, index) => ({
        username: `${tag}_${index}`,
        email: `${tag}_${index}@example.test`,
        passwordHash: 'x',
        publicProfile: DEFAULT_PUBLIC_PROFILE_SETTINGS,
        // Pairs share a joining time: the id orders them.
        dateJoined: new Date(joined + Math.floor(index / 2) * 1000),
      })),
    );
    const response = await test.call('GET', `/api/admin/learners/export/?search=${tag}_`);
    const rows = response.body.trimEnd().split('\r\n').slice(1);
    const numbers = rows.map((row) => Number(row.split(',')[1]!.slice(tag.length + 1)));
    expect(numbers).toHaveLength(1203);
    expect(new Set(numbers).size).toBe(1203);
    expect(numbers.slice(0, 1)).toEqual([1202]);
    expect(numbers.at(-1)).toBeLessThanOrEqual(1);
  });

  it('refuses a bad filter before anything is read or recorded', async () => {
    const exports = () => test.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'learners.export'));
    const before = (await exports()).length;
    const response = await test.call('GET', '/api/admin/learners/export/?state=gone&role=robots');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['role', 'state']);
    expect(await exports()).toHaveLength(before);
  });
});
