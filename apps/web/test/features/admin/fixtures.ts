import type { AuditEntry, Paged } from '@bastion/contract';
import { http, HttpResponse } from 'msw';

export const STAFF_ME = { id: '00000000-0000-4000-8000-00000000aaaa', username: 'grace' };

/** GET /api/admin/me/ answering as the server does for staff (200), a learner or staff without two-factor (403). */
export function adminMeHandler(as: 'staff' | 'learner' | 'no-two-factor' = 'staff') {
  return http.get('*/api/admin/me/', () => {
    if (as === 'staff') return HttpResponse.json(STAFF_ME);
    const body =
      as === 'learner'
        ? { detail: 'This area is for staff accounts.', code: 'staff_only' }
        : {
            detail: 'Turn on two-factor sign-in before using the operator console.',
            code: 'two_factor_setup_required',
          };
    return HttpResponse.json(body, { status: 403 });
  });
}

export function auditEntry(n: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    at: new Date(Date.UTC(2026, 10, 20, 12, n)).toISOString(),
    actor: { id: STAFF_ME.id, name: STAFF_ME.username, via: 'console' },
    ip: '203.0.113.9',
    action: 'learner.grant_premium',
    target: { type: 'user', id: `00000000-0000-4000-8000-0000000000b${n % 10}`, label: `learner${n}` },
    before: { is_premium: false, premium_until: null },
    after: { is_premium: true, premium_until: '2026-12-20T12:00:00.000Z', days: 30 },
    ...overrides,
  };
}

export const paged = <T>(results: T[], count = results.length): Paged<T> => ({
  count,
  next: null,
  previous: null,
  results,
});
