import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@bastion/contract';
import { auditLog } from '@bastion/db';
import { expectCsvDownload, latestAudit } from '../../../test/csv-export.ts';
import { consoleTest } from '../../../test/staff.ts';
import { recordAudit, type Actor } from './audit.service.ts';
import { AUDIT_CSV_COLUMNS } from './audit-export.ts';

const test = consoleTest();
const CLI: Actor = { id: null, name: 'ops@host', via: 'cli', ip: null };

/** The CSV's lines split into fields (no field here holds a line break). */
function parse(csv: string): string[][] {
  return csv
    .trimEnd()
    .split('\r\n')
    .map((line) => line.match(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)!.slice(0, AUDIT_CSV_COLUMNS.length))
    .map((fields) =>
      fields.map((field) =>
        field
          .replace(/,$/, '')
          .replace(/^"(.*)"$/, '$1')
          .replace(/""/g, '"'),
      ),
    );
}

describe('the audit log as CSV', () => {
  it('exports the filtered entries, newest first, every field whole, and audits the export', async () => {
    const tag = `export${Date.now().toString(36)}`;
    for (const [label, after] of [
      [`${tag}-a`, { reason: 'said "hi", then left' }],
      [`${tag}-b`, null],
      [`=${tag}-c`, { n: 1 }],
    ] as const) {
      await recordAudit(test.ctx.db, CLI, { action: 'learner.verify', target: { type: 'user', label }, after });
    }

    const response = await test.call('GET', `/api/admin/audit/export/?target=${tag}&action=learner.verify`);
    expectCsvDownload(response, 'audit-log');
    const [header, ...rows] = parse(response.body);
    expect(header).toEqual(AUDIT_CSV_COLUMNS);
    const field = (row: string[], name: string) => row[AUDIT_CSV_COLUMNS.indexOf(name)];
    expect(rows.map((row) => field(row, 'target'))).toEqual([`'=${tag}-c`, `${tag}-b`, `${tag}-a`]);
    expect(rows.map((row) => field(row, 'after'))).toEqual(['{"n":1}', '', '{"reason":"said \\"hi\\", then left"}']);
    expect(rows.map((row) => [field(row, 'actor'), field(row, 'via'), field(row, 'action')])).toEqual(
      Array(3).fill(['ops@host', 'cli', 'learner.verify']),
    );
    expect(Number(field(rows[0]!, 'seq'))).toBeGreaterThan(Number(field(rows[1]!, 'seq')));
    expect(field(rows[0]!, 'row_hash')).toMatch(/^[0-9a-f]{64}$/);

    expect(await latestAudit(test.ctx.db, 'audit.export')).toMatchObject({
      actorId: test.staff.id,
      via: 'console',
      targetType: 'audit_log',
      after: { filters: { action: 'learner.verify', target: tag }, rows: 3 },
    });
    expect(AUDIT_ACTIONS).toContain('audit.export');
  });

  it('exports more rows than one batch reads, and the header alone when nothing matches', async () => {
    const tag = `many${Date.now().toString(36)}`;
    await test.ctx.db.insert(auditLog).values(
      Array.from({ length: 1203 }, (_, index) => ({
        actorName: 'ops@host',
        via: 'cli',
        action: 'learner.verify',
        targetType: 'user',
        targetLabel: `${tag}-${index}`,
      })),
    );
    const all = parse((await test.call('GET', `/api/admin/audit/export/?target=${tag}`)).body);
    expect(all).toHaveLength(1204);
    expect(new Set(all.slice(1).map((row) => row[AUDIT_CSV_COLUMNS.indexOf('target')])).size).toBe(1203);
    const none = await test.call('GET', '/api/admin/audit/export/?target=nothing-matches-this');
    expect(none.body).toBe(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('answers bad filters with field errors before anything is read or recorded', async () => {
    const before = await test.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'audit.export'));
    const response = await test.call('GET', '/api/admin/audit/export/?action=nope&from=2026-02-30');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['action', 'from']);
    expect(await test.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'audit.export'))).toHaveLength(
      before.length,
    );
  });
});
