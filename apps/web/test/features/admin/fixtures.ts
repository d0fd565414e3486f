import {
  ADMIN_MESSAGES,
  type AuditEntry,
  type CouponSummary,
  type LearnerDetail,
  type LearnerRow,
  type Submission,
} from '@bastion/contract';
import { http, HttpResponse } from 'msw';

export const STAFF_ME = { id: '00000000-0000-4000-8000-00000000aaaa', username: 'grace', is_owner: true };

const REFUSALS = {
  learner: { detail: ADMIN_MESSAGES.staffOnly, code: 'staff_only' },
  'no-two-factor': { detail: ADMIN_MESSAGES.twoFactorRequired, code: 'two_factor_setup_required' },
  'password-only-session': { detail: ADMIN_MESSAGES.twoFactorSessionRequired, code: 'two_factor_session_required' },
};

/**
 * GET /api/admin/me/ answering as the server does for staff (200: an owner, or with 'staff-not-owner' not), or
 * with its 403s: a learner, staff without two-factor sign-in, staff whose session passed no second factor.
 */
export function adminMeHandler(
  as: 'staff' | 'staff-not-owner' | 'learner' | 'no-two-factor' | 'password-only-session' = 'staff',
) {
  return http.get('*/api/admin/me/', () => {
    if (as === 'staff') return HttpResponse.json(STAFF_ME);
    if (as === 'staff-not-owner') return HttpResponse.json({ ...STAFF_ME, is_owner: false });
    return HttpResponse.json(REFUSALS[as], { status: 403 });
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

/** A wrong answer from learner `n` to a quiz, with no marks. */
export function submission(n: number, overrides: Partial<Submission> = {}): Submission {
  return {
    id: `00000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`,
    at: new Date(Date.UTC(2026, 10, 20, 12, n)).toISOString(),
    learner: { id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`, username: `learner${n}` },
    item: { type: 'quiz', id: '00000000-0000-4000-8000-000000000777', title: 'Port of SSH', step: null },
    correct: false,
    fingerprint: '0a1b2c3d',
    same_answer_learners: 1,
    ip: '198.51.100.4',
    shared_from: null,
    quick_solve: null,
    ...overrides,
  };
}

export { paged } from '@test/fixtures.ts';

export function learnerRow(n: number, overrides: Partial<LearnerRow> = {}): LearnerRow {
  return {
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    username: `learner${n}`,
    email: `learner${n}@example.test`,
    first_name: 'Ada',
    last_name: `Number${n}`,
    date_joined: '2026-11-01T10:00:00.000Z',
    last_login: '2026-11-20T10:00:00.000Z',
    points: 100 * n,
    is_verified: true,
    is_active: true,
    is_staff: false,
    is_premium: false,
    premium_until: null,
    ...overrides,
  };
}

export function learnerDetail(overrides: Partial<LearnerDetail> = {}): LearnerDetail {
  return {
    ...learnerRow(1),
    country: 'GB',
    premium_source: null,
    streak: 4,
    longest_streak: 9,
    two_factor: true,
    progress: { lessons_and_quizzes: 12, modules: 2, courses: 0, challenges: 1 },
    sessions: [
      {
        id: '00000000-0000-4000-8000-00000000c001',
        created_at: '2026-11-20T10:00:00.000Z',
        last_used_at: '2026-11-20T11:00:00.000Z',
        expires_at: '2099-01-01T00:00:00.000Z',
        revoked_at: null,
        revoked_reason: null,
        user_agent: 'Firefox on Linux',
        ip: '203.0.113.4',
      },
    ],
    ...overrides,
  };
}

export function couponSummary(n: number, overrides: Partial<CouponSummary> = {}): CouponSummary {
  return {
    id: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
    code: `CODE-${n}`,
    points: 10 * n,
    required_points: 0,
    expires_at: null,
    max_uses: null,
    uses: n,
    premium_only: false,
    premium_days: 0,
    users: null,
    disabled_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
