import type { LabStartReport } from '@bastion/contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/server.ts';
import type { LabPhase } from '@/lib/lab/lab-session.ts';
import { browserFamily, LabStartReporter, sendLabStartReport } from './lab-start-report.ts';

const LAB = { type: 'quiz' as const, id: '6f1c1a9e-8a52-4c36-9a57-8d8f3a6c2b11' };
const downloading: LabPhase = { kind: 'downloading', loadedBytes: 0, totalBytes: 1 };
const booting: LabPhase = { kind: 'booting', progress: { fraction: 0, secondsLeft: null } as never };
const settingUp: LabPhase = { kind: 'setting-up', progress: { fraction: 0 } as never };
const restoring: LabPhase = { kind: 'restoring' };
const running: LabPhase = { kind: 'running' };

/** A reporter on a clock the test moves, and the reports it sent. */
function reporter() {
  const sent: LabStartReport[] = [];
  let now = 1000;
  const it = new LabStartReporter({ send: (report) => sent.push(report), now: () => now, browser: 'firefox' });
  return { it, sent, advance: (ms: number) => (now += ms) };
}

/** The phases of one start, `ms` after its press. */
function play(trigger: 'start' | 'reset', phases: LabPhase[], ms = 5000) {
  const test = reporter();
  test.it.begin(trigger, LAB);
  for (const phase of phases.slice(0, -1)) test.it.phase(phase);
  test.advance(ms);
  test.it.phase(phases.at(-1)!);
  return test.sent;
}

describe('lab start reporter', () => {
  it('reports a start once its prompt runs: how it came up, how long from the press, the browser family', () => {
    expect(play('start', [{ kind: 'preparing' }, downloading, booting, settingUp, running], 31_400.4)).toEqual([
      {
        item_type: 'quiz',
        item_id: LAB.id,
        kind: 'cold',
        outcome: 'ok',
        duration_ms: 31_400,
        stage: null,
        reason: null,
        browser: 'firefox',
      },
    ]);
    expect(play('start', [restoring, settingUp, running])[0]?.kind).toBe('first');
    expect(play('start', [downloading, restoring, settingUp, running])[0]?.kind).toBe('first');
    expect(play('start', [restoring, running], 900)[0]).toMatchObject({ kind: 'warm', duration_ms: 900 });
    expect(play('reset', [restoring, settingUp, running])[0]?.kind).toBe('reset');
  });

  it('reports a failed start with the stage it failed at and why', () => {
    const failed: LabPhase = { kind: 'failed', reason: 'memory', message: 'out of memory' };
    expect(play('start', [downloading, booting, failed], 2000)).toEqual([
      expect.objectContaining({
        kind: 'cold',
        outcome: 'failed',
        stage: 'booting',
        reason: 'memory',
        duration_ms: 2000,
      }),
    ]);
    expect(play('start', [{ kind: 'failed', reason: 'download', message: 'offline' }])[0]).toMatchObject({
      stage: 'preparing',
      reason: 'download',
    });
  });

  it('reports each start once, only after a press for a known lab, and caps what it cannot send', () => {
    const test = reporter();
    test.it.phase(running);
    test.it.begin('start', undefined);
    test.it.phase(running);
    expect(test.sent).toEqual([]);
    test.it.begin('start', LAB);
    test.it.phase(running);
    test.it.phase(running);
    expect(test.sent).toHaveLength(1);
    test.it.begin('reset', LAB);
    test.advance(3_600_000);
    test.it.phase(running);
    expect(test.sent[1]?.duration_ms).toBe(30 * 60_000);
  });

  it('knows the browser family from the user agent, and nothing more', () => {
    const agents: [string, string][] = [
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'chromium',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
        'chromium',
      ],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'firefox'],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
        'webkit',
      ],
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15 Epiphany/46',
        'webkit',
      ],
      ['curl/8.5.0', 'other'],
    ];
    for (const [agent, family] of agents) expect([agent, browserFamily(agent)]).toEqual([agent, family]);
  });

  it('sends the report to the API and ignores its refusal', async () => {
    const bodies: unknown[] = [];
    let answered = 0;
    server.use(
      http.post('*/api/labs/starts/', async ({ request }) => {
        bodies.push(await request.json());
        answered++;
        return HttpResponse.json({ detail: 'Request was throttled.' }, { status: 429 });
      }),
    );
    const report = play('start', [restoring, running])[0]!;
    // Returns at once, and a refused report rejects nothing.
    expect(sendLabStartReport(report)).toBeUndefined();
    await expect.poll(() => answered).toBe(1);
    expect(bodies).toEqual([report]);
  });
});
